// Starts generations in the background so no request waits for them, one at a time per fan in
// this process (the advisory lock in fan-lock.ts covers the other instances). However many fans
// are kicked at once, only a bounded number of runs hold a connection at a time; the others wait
// their turn in order of arrival (server/db/held-connections.ts), none is dropped.
import { generateForUser, type GeneratorDeps } from './generator.js';

export class RecommendationRunner {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(private readonly deps: GeneratorDeps) {}

  get engineName() {
    return this.deps.engine.name;
  }

  /** The engine the fan's passes use (the learning in-process scores with it too). */
  get engine() {
    return this.deps.engine;
  }

  /** Starts (or queues one more pass of) the fan's generation; resolves when it is done. */
  kick(userId: string): Promise<void> {
    const current = this.running.get(userId);
    if (current) {
      // New work arrived during the run (e.g. a taste change): one more pass afterwards.
      this.again.add(userId);
      return current;
    }
    const run = (async () => {
      do {
        this.again.delete(userId);
        await generateForUser(this.deps, userId).catch((error: unknown) =>
          this.deps.log.error({ err: error, userId }, 'Error generando recomendaciones'),
        );
      } while (this.again.has(userId));
    })().finally(() => this.running.delete(userId));
    this.running.set(userId, run);
    return run;
  }

  /** Waits for every generation in flight (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }
}
