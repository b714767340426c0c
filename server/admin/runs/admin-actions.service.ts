// What the admin panel's actions start (admin-actions.routes.ts): the recommendations pass for all.
import type PgBoss from 'pg-boss';
import { bossDbOf } from '../../db/boss-db.js';
import type { Database } from '../../db/database.js';
import { QUEUES, type RecommendationsAllJob } from '../../jobs/queues.js';
import { countOnboardedFans } from './admin-actions.repository.js';
import { startRun } from './admin-runs.service.js';

/**
 * Records the run and queues the recommendations pass for all fans in one transaction, and
 * answers how many fans it covers; a 409 while a run is going. The job fans out the fans' jobs,
 * which count themselves in the run (server/workers.ts).
 */
export function startRecommendationsForAll(
  deps: { db: Database; boss: PgBoss },
  startedBy: string | undefined,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const runId = await startRun(trx, 'recommendations', startedBy);
    const fans = await countOnboardedFans(trx);
    const job: RecommendationsAllJob = { runId };
    await deps.boss.send(QUEUES.recommendationsAll, job, {
      singletonKey: `run-${runId}`,
      db: bossDbOf(trx),
    });
    return fans;
  });
}
