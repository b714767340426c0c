// Who sends a request, from this instance's caches alone. The session cookie is read and verified
// with the packages express-session uses (cookie, cookie-signature), against the same secrets, so
// the lane accepts exactly the cookies the full stack accepts; anything it cannot vouch for is left
// to the full stack.
import { parse } from 'cookie';
import { unsign } from 'cookie-signature';
import type { SessionData } from 'express-session';
import { sessionIsCurrent, type SessionCaches } from '../accounts/session.js';
import type { Clock } from '../lib/time.js';

export interface CachedRequesterDeps {
  /** SESSION_SECRET, then SESSION_SECRET_PREVIOUS when set: what express-session accepts. */
  secrets: readonly string[];
  /** The session cookie's name (server/accounts/session-cookie.ts). */
  cookieName: string;
  sessionCaches: SessionCaches;
  clock: Clock;
}

/**
 * A visitor (no session cookie: userId undefined), a signed-in fan whose session and user are
 * cached (with their saved language), or undefined: the full stack must decide (unknown, forged,
 * expired or not cached).
 */
export function cachedRequester(
  deps: CachedRequesterDeps,
  cookieHeader: string | undefined,
): { userId: string | undefined; savedLocale?: string | null } | undefined {
  const cookie = cookieHeader === undefined ? undefined : parse(cookieHeader)[deps.cookieName];
  if (cookie === undefined) return { userId: undefined };
  const sid = verifiedSessionId(cookie, deps.secrets);
  const stored = sid === undefined ? undefined : deps.sessionCaches.sessions.get(sid);
  if (stored === undefined) return undefined;
  const session = JSON.parse(stored) as SessionData;
  // Past its absolute lifetime: the full stack deletes it and answers as signed out.
  if (!sessionIsCurrent(session, deps.clock().getTime())) return undefined;
  const userId = session.passport?.user;
  // A session without a user (an OAuth sign-in under way) is the full stack's too.
  const user = userId === undefined ? undefined : deps.sessionCaches.users.get(userId);
  if (!user) return undefined;
  return { userId, savedLocale: user.locale };
}

/** express-session's cookie is 's:' + the session id signed with one of the secrets. */
function verifiedSessionId(cookie: string, secrets: readonly string[]): string | undefined {
  if (!cookie.startsWith('s:')) return undefined;
  for (const secret of secrets) {
    const sid = unsign(cookie.slice(2), secret);
    if (sid !== false) return sid;
  }
  return undefined;
}
