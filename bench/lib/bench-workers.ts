// The job queue and its workers on a bench database, wired as server/index.ts wires them.
import { startBoss, stopBoss } from '../../server/jobs/boss.js';
import { startWorkers } from '../../server/jobs/workers.js';
import { createLogger } from '../../server/lib/logger.js';
import { systemClock } from '../../server/lib/time.js';
import { createMailer } from '../../server/mail/mailer.js';
import { builtinEngine } from '../../server/recommendations/builtin-engine.js';
import { benchConfig } from './bench-app.js';
import type { BenchDatabase } from './bench-database.js';

export async function startQueueWorkers(database: BenchDatabase) {
  const config = benchConfig(database);
  const log = createLogger('silent');
  const boss = await startBoss(database.pool, log);
  await startWorkers({
    boss,
    db: database.db,
    pool: database.pool,
    config,
    mailer: createMailer(config, log),
    engine: builtinEngine,
    clock: systemClock,
    log,
  });
  return { boss, stop: () => stopBoss(boss) };
}
