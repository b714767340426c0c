import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

// Set when the browser starts hydrating the server's HTML (entry-client.tsx), for what renders
// once, at mount, as the server did (the agenda's first length): read in a state initialiser, it
// costs no second render after hydration, as useHydrated's does. The agenda clears it once
// mounted (an effect: a render React restarts reads it again), so a list drawn later in the
// browser starts small.
let hydrating = false;
export const startHydrating = () => {
  hydrating = true;
};
export const isHydrating = () => hydrating;
export const doneHydrating = () => {
  hydrating = false;
};

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

/**
 * `value`, except while React hydrates this component: then `hydratingValue`, what the server's
 * HTML was drawn from. A query refreshed before a Suspense boundary hydrates (each agenda card
 * hydrates on its own) would otherwise not match the HTML; React renders the new value just after.
 */
export function useValueAsRendered<T>(value: T, hydratingValue: T): T {
  return useSyncExternalStore(
    noSubscription,
    () => value,
    () => hydratingValue,
  );
}
