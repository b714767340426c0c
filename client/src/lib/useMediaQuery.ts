import { useSyncExternalStore } from 'react';

/** Phones, narrower than 600 px: the agenda folds its filters and renders smaller slices there. */
export const PHONE_QUERY = '(max-width: 599.98px)';

// One MediaQueryList per query, kept: useSyncExternalStore reads the snapshot on every render of
// every component that asks, and each `matchMedia` call is a trip into the browser.
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaQueryList(query).matches,
    () => false,
  );
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
