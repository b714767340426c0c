/** A slow phone hydrates a page in about this long: work kept for after it waits at most this. */
export const AFTER_HYDRATION_LATEST_MS = 3_000;

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/**
 * Runs `work` when the browser is idle, at the latest after `timeoutMs`; Safari has no
 * requestIdleCallback. Returns what cancels it (an effect's cleanup).
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  const idle = window as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const cancel = idle.cancelIdleCallback;
    const handle = idle.requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancel(handle);
  }
  const timer = window.setTimeout(work, 16);
  return () => window.clearTimeout(timer);
}
