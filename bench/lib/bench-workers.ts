// The job queue and its workers on a bench database, wired as server/index.ts wires them.
import { startBoss, stopBoss } from '../../server/jobs/boss.js';
import { startWorkers } from '../../server/jobs/workers.js';
import { createLogger } from '../../server/lib/logger.js';
import { systemClock } from '../../server/lib/time.js';
import { createMailer } from '../../server/mail/mailer.js';
import { builtinEngine } from '../../server/recommendations/builtin-engine.js';
import { benchConfig } from './bench-app.js';
import type { BenchDatabase } from './bench-database.js';

/** `env` overrides settings (e.g. SMTP_URL); `stop` waits up to `stopTimeoutMs` for running jobs. */
export async function startQueueWorkers(
  database: BenchDatabase,
  env: Record<string, string> = {},
  stopTimeoutMs?: number,
) {
  const config = benchConfig(database, env);
  const log = createLogger('silent');
  const mailer = createMailer(config, log);
  const boss = await startBoss(database.pool, log);
  await startWorkers({
    boss,
    db: database.db,
    pool: database.pool,
    config,
    mailer,
    engine: builtinEngine,
    clock: systemClock,
    log,
  });
  const stop = async () => {
    await stopBoss(boss, stopTimeoutMs);
    mailer.close();
  };
  return { boss, stop };
}
