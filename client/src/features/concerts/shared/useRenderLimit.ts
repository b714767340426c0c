import { useEffect, useState } from 'react';
import { doneHydrating, isHydrating } from '@/lib/hydration';
import { PHONE_QUERY } from '@/lib/useMediaQuery';
import { whenIdle } from './whenIdle';

const onAPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * About a screenful: two rows of three cards at 1280 px, one card on a phone (it fills the
 * screen). Each card is a few ms of a slow phone's main thread; the next comes when idle.
 */
const firstSlice = () => (onAPhone() ? 1 : 6);
/** Cards added per idle callback: what a slow phone renders well within 50 ms. */
const slice = () => (onAPhone() ? 1 : 3);
const NEXT_SLICE_LATEST_MS = 200;

/**
 * How many of `total` items to render now. The server renders `onServer` of them into the HTML
 * and hydration takes the same number; a list first drawn in the browser starts with a screenful.
 * The rest come a slice at a time when the browser is idle, so a long list never blocks the page
 * in one long task: the whole list is still in the page within moments (find in page, screen
 * readers and keyboard reach every item). A new `resetKey` (other filters) starts again from the
 * first slice; a refetch of the same list keeps what is already shown.
 */
export function useRenderLimit(total: number, resetKey: string, onServer: number): number {
  const [state, setState] = useState(() => ({
    key: resetKey,
    limit: typeof window === 'undefined' || isHydrating() ? onServer : firstSlice(),
  }));
  let limit = state.limit;
  if (state.key !== resetKey) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes").
    limit = firstSlice();
    setState({ key: resetKey, limit });
  }

  useEffect(doneHydrating, []);
  useEffect(() => {
    if (limit >= total) return;
    return whenIdle(() => {
      setState((current) => ({ ...current, limit: current.limit + slice() }));
    }, NEXT_SLICE_LATEST_MS);
  }, [limit, total]);

  return Math.min(limit, total);
}
