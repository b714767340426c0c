import { useEffect, useState } from 'react';
import { PHONE_QUERY } from '../../lib/useMediaQuery';

const ON_A_PHONE = window.matchMedia(PHONE_QUERY).matches;

/**
 * About a screenful: two rows of three cards at 1280 px, one card on a phone (it fills the screen:
 * the second starts 1,060-1,220 px down at 360-412 px wide). Each card is a few ms of a slow
 * phone's main thread in the render that follows the agenda's data; the next comes when idle.
 */
export const FIRST_SLICE = ON_A_PHONE ? 1 : 6;
/**
 * Cards added per idle callback. Preact renders a slice in one go, so a slice is kept to what the
 * device renders and lays out within 50 ms: on a phone one card (three took 42-125 ms on
 * Lighthouse's 4x slower phone here), elsewhere three (about 2-3 ms a card).
 */
export const SLICE = ON_A_PHONE ? 1 : 3;

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/** When the browser is idle (at the latest after 200 ms); Safari has no requestIdleCallback. */
function whenIdle(work: () => void): () => void {
  const idle = window as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const cancel = idle.cancelIdleCallback;
    const handle = idle.requestIdleCallback(work, { timeout: 200 });
    return () => cancel(handle);
  }
  const timer = window.setTimeout(work, 16);
  return () => window.clearTimeout(timer);
}

/**
 * How many of `total` items to render now. The first slice renders at once, the rest a slice at
 * a time when the browser is idle, so a long list never blocks the page in one long task: the
 * whole list is still in the page within moments (find in page, screen readers and keyboard reach
 * every item). A new `resetKey` (other filters) starts again from the first slice; a refetch of the
 * same list keeps what is already shown, so nothing the person scrolled to disappears.
 */
export function useRenderLimit(total: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, limit: FIRST_SLICE });
  let limit = state.limit;
  if (state.key !== resetKey) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes").
    limit = FIRST_SLICE;
    setState({ key: resetKey, limit });
  }

  useEffect(() => {
    if (limit >= total) return;
    return whenIdle(() => {
      setState((current) => ({ ...current, limit: current.limit + SLICE }));
    });
  }, [limit, total]);

  return Math.min(limit, total);
}
