// Starts generations in the background so no request waits for them, one at a time per fan in
// this process (the advisory lock in fan-lock.ts covers the other instances). However many fans
// are kicked at once, only a bounded number of runs hold a connection at a time; the others wait
// their turn in order of arrival (server/db/held-connections.ts), none is dropped.
import { generateForUser, type GeneratorDeps } from './generator.js';
import { CoalescedRuns } from '../lib/coalesced-runs.js';

export class RecommendationRunner {
  private readonly runs = new CoalescedRuns();

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
    return this.runs.kick(userId, () =>
      generateForUser(this.deps, userId).catch((error: unknown) =>
        this.deps.log.error({ err: error, userId }, 'Error generando recomendaciones'),
      ),
    );
  }

  /** Waits for every generation in flight (tests, graceful shutdown). */
  idle(): Promise<void> {
    return this.runs.idle();
  }
}
