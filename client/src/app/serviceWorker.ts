// The page's side of the service worker (client/service-worker.js, served as /sw.js), loaded once
// the page has loaded (entry-client.tsx), so it costs the first paint and the landing's JavaScript
// nothing: registers it, tells it who is signed in, so it keeps the agenda of that fan only, and,
// when a new deploy's worker waits, offers it to the person. The offer is drawn outside the app's
// root, in plain DOM: the app's own code, in every page's first download, need not carry it.
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@common/auth/types';
import type { Translate } from '@/i18n/IntlContext';
import { sessionKeys } from '@/lib/session';

/**
 * Tells the worker who is signed in now, and again whenever the session changes (sign-in,
 * sign-out, an account deleted, a session lost): it drops any other fan's kept agenda.
 */
function tellWhoIsSignedIn(queryClient: QueryClient): void {
  let told: string | null | undefined;
  const tell = () => {
    const session = queryClient.getQueryData<SessionResponse>(sessionKeys.current());
    // Undefined only for a moment, between a sign-out's clear() and its empty session.
    if (!session) return;
    const id = session.user?.id ?? null;
    if (id === told) return;
    told = id;
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: 'user', id }),
    );
  };
  tell();
  const sessionHash = hashKey(sessionKeys.current());
  queryClient.getQueryCache().subscribe(({ query }) => {
    if (query.queryHash === sessionHash) tell();
  });
}

/** 'Actualizar' activates the waiting worker; the page reloads once it has taken over. */
function offerUpdate(worker: ServiceWorker, t: Translate): void {
  if (document.querySelector('.update-prompt')) return;
  const prompt = document.createElement('div');
  prompt.className = 'update-prompt';
  prompt.setAttribute('role', 'status');
  const text = document.createElement('p');
  text.className = 'update-prompt__text';
  text.textContent = t('update.available');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--accent';
  button.textContent = t('update.action');
  button.addEventListener('click', () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    worker.postMessage({ type: 'skip-waiting' });
  });
  prompt.append(text, button);
  document.body.append(prompt);
}

async function register(t: Translate): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  // Without a controller the worker is the first one here, not an update.
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) offerUpdate(worker, t);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/** `t` writes the offer in the page's language. */
export function startServiceWorker(queryClient: QueryClient, t: Translate): void {
  if (!('serviceWorker' in navigator)) return;
  tellWhoIsSignedIn(queryClient);
  register(t).catch((error: unknown) => {
    console.error('No se ha podido registrar el service worker', error);
  });
}
