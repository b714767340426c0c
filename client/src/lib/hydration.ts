import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates this component from the server's HTML, true in
 * any render after: for what only the browser knows (the Web Share API, the screen's width), so
 * the first render matches the server's HTML and the next one shows it. Per component, since
 * React hydrates each Suspense boundary on its own, after the page around it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
