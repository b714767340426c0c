// A tiny counting semaphore. One limiter belongs to one engine instance, so every fan generating
// at the same time shares it: the process never has more AI calls in flight than configured.

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
