// Where a fan's signal sets off learning (docs/decisions/0027). With the job queue (always, in the
// app) a 'learned-tastes' job is queued inside the signal's own transaction, keyed by the fan so
// a burst of taps queues one, and run once across instances by pg-boss. Without it (tests,
// scripts) the fan's relearning runs in this process after the commit, one at a time per fan.
import type PgBoss from 'pg-boss';
import { bossDbOf } from '../db/boss-db.js';
import type { Database } from '../db/database.js';
import { QUEUES, type LearnedTastesJob } from '../jobs/queues.js';
import type { GeneratorDeps } from './generator.js';
import { findFansWithFadedLessons } from './learned-tastes.repository.js';
import { relearnFan } from './learned-relearn.js';
import { CoalescedRuns } from '../lib/coalesced-runs.js';

/** Called inside a signal's transaction; what it returns runs after the commit. */
export type SignalHook = (trx: Database, userId: string) => Promise<(() => void) | void>;

export class Learner {
  private readonly runs = new CoalescedRuns();

  constructor(private readonly deps: GeneratorDeps & { boss?: PgBoss }) {}

  /** The fan's signal or forget, inside its transaction: they are learned again after it. */
  readonly signalled: SignalHook = async (trx, userId) => {
    const { boss } = this.deps;
    if (!boss) return () => void this.kick(userId);
    const job: LearnedTastesJob = { userId };
    await boss.send(QUEUES.learnedTastes, job, { singletonKey: userId, db: bossDbOf(trx) });
  };

  /** Relearns the fan in this process (once more if asked during a run); resolves when done. */
  kick(userId: string): Promise<void> {
    return this.runs.kick(userId, () =>
      relearnFan(this.deps, userId).catch((error: unknown) =>
        this.deps.log.error({ err: error, userId }, 'Error aprendiendo los gustos del fan'),
      ),
    );
  }

  /** Waits for every relearning in flight (tests, graceful shutdown). */
  idle(): Promise<void> {
    return this.runs.idle();
  }
}

/** Fans per sweep: each is one small job. */
const FADED_PER_SWEEP = 1000;

/**
 * The sweep of faded lessons: a lesson whose signals grew too old no longer counts for new
 * scores; its fan is learned again so the stored ones follow. Returns the fans queued.
 */
export async function queueFadedLessons(deps: {
  db: Database;
  boss: PgBoss;
  clock: () => Date;
}): Promise<number> {
  const userIds = await findFansWithFadedLessons(deps.db, deps.clock(), FADED_PER_SWEEP);
  for (const userId of userIds) {
    const job: LearnedTastesJob = { userId };
    await deps.boss.send(QUEUES.learnedTastes, job, { singletonKey: userId });
  }
  return userIds.length;
}
