// What the admin panel's actions start (admin-actions.routes.ts): the recommendations pass for all.
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';
import { QUEUES } from '../jobs/queues.js';
import { countOnboardedFans } from './admin-actions.repository.js';

/**
 * Queues the recommendations pass for all fans and answers how many fans it covers. The job fans
 * out one job per fan; a second click while it is queued adds nothing.
 */
export async function startRecommendationsForAll(deps: {
  db: Database;
  boss: PgBoss;
}): Promise<number> {
  const fans = await countOnboardedFans(deps.db);
  await deps.boss.send(QUEUES.recommendationsAll, {}, { singletonKey: 'all' });
  return fans;
}
