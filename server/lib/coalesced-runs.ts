// One run of a piece of work per key at a time: a kick during a run asks for one more pass after
// it instead of a second run beside it (a fan's scoring, a fan's relearning).
export class CoalescedRuns {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  /** Runs `work` for the key, or one more pass after the run in flight; resolves when done. */
  kick(key: string, work: () => Promise<unknown>): Promise<void> {
    const current = this.running.get(key);
    if (current) {
      this.again.add(key);
      return current;
    }
    const run = (async () => {
      do {
        this.again.delete(key);
        await work();
      } while (this.again.has(key));
    })().finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /** Waits for every run in flight (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }
}
