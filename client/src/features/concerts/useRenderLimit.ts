import { startTransition, useEffect, useState } from 'react';

/** About a screenful at 1280 px (two rows of three cards); a phone shows one or two. */
export const FIRST_SLICE = 6;
/**
 * Each later slice doubles what is shown, up to this many cards at once: few rounds for a long
 * list (60 cards in 4), and still a short task (the cards are memoised, off-screen ones are not laid
 * out, and React renders a transition in small pieces).
 */
export const MAX_SLICE = 24;

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
      // A transition: React may pause rendering the slice for anything the person does.
      startTransition(() => {
        setState((current) => ({
          ...current,
          limit: current.limit + Math.min(current.limit, MAX_SLICE),
        }));
      });
    });
  }, [limit, total]);

  return Math.min(limit, total);
}
