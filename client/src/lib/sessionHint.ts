/**
 * What the server saw when it sent the page (`<meta name="cm-session">`, server/web/spa.ts):
 * 'none' when the request carried no session cookie, so this browser surely has no session;
 * 'cookie' when it did (the session may still have ended); null without the tag (vite dev server).
 */
export type SessionHint = 'none' | 'cookie' | null;

function readSessionHint(): SessionHint {
  const content = document.querySelector('meta[name="cm-session"]')?.getAttribute('content');
  return content === 'none' || content === 'cookie' ? content : null;
}

/** Read once: the tag describes the page load, not later sign-ins or sign-outs. */
export const sessionHint: SessionHint = readSessionHint();
