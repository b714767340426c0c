// Small concurrency helpers: a counting semaphore shared by callers (one per AI engine, so the
// process never has more AI calls in flight than configured) and a bounded parallel for-each.

/** Runs `task` once a slot is free; the slot is released however the task ends. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`limit must be >= 1, got ${max}`);
  let active = 0;
  // FIFO, so a fan who asked first is served first and nobody starves.
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // Hand the slot straight to the next task: `active` stays the same.
    if (next) next();
    else active -= 1;
  };

  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * Runs `work` on every item, at most `limit` at once. After a failure no new item starts (those in
 * flight finish) and it rejects with that failure.
 */
export async function forEachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  await Promise.all(workers);
}
