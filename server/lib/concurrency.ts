// Small concurrency helpers: a counting FIFO semaphore shared by callers (one per AI engine, so the
// process never has more AI calls in flight than configured; one per database pool, see
// server/db/held-connections.ts) and a bounded parallel for-each.

/** Runs `task` once a slot is free; the slot is released however the task ends. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A counting semaphore that serves waiters first come, first served (so a fan who asked first is
 * served first and nobody starves), and counts what it did: tests and /readyz read the numbers.
 */
export class FifoSlots {
  private activeCount = 0;
  private peakCount = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`limit must be >= 1, got ${max}`);
  }

  /** Tasks running now. */
  get active() {
    return this.activeCount;
  }

  /** Tasks queued for a slot. */
  get queued() {
    return this.waiting.length;
  }

  /** The most tasks that ever ran at once. */
  get peak() {
    return this.peakCount;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.activeCount < this.max) this.activeCount += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.peakCount = Math.max(this.peakCount, this.activeCount);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release() {
    const next = this.waiting.shift();
    // Hand the slot straight to the next task: `active` stays the same.
    if (next) next();
    else this.activeCount -= 1;
  }
}

export function createLimiter(max: number): Limiter {
  const slots = new FifoSlots(max);
  return (task) => slots.run(task);
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
