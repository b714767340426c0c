/**
 * A gate a fake holds its work on until the test opens it: the order of events is then the test's,
 * not the clock's. `waiting` counts who is held right now, so a test can wait for it with
 * `eventually()` and then assert what has (or has not yet) happened.
 */
export interface Latch {
  /** Resolves when the latch is opened (at once if it already is). */
  wait(): Promise<void>;
  /** Lets everyone through, now and later. */
  open(): void;
  /** Lets through only those held right now; later arrivals are held again. */
  releaseHeld(): void;
  readonly waiting: number;
}

export function createLatch(): Latch {
  let opened = false;
  let held: (() => void)[] = [];
  const releaseHeld = () => {
    const now = held;
    held = [];
    for (const release of now) release();
  };
  return {
    wait: () =>
      opened ? Promise.resolve() : new Promise<void>((resolve) => held.push(() => resolve())),
    open() {
      opened = true;
      releaseHeld();
    },
    releaseHeld,
    get waiting() {
      return held.length;
    },
  };
}
