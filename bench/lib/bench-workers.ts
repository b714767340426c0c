// The job queue and its workers on a bench database, wired as server/index.ts wires them.
import { stopBoss } from '../../server/jobs/boss.js';
import { createLogger } from '../../server/lib/logger.js';
import { createMailer } from '../../server/mail/mailer.js';
import { startQueue } from '../../test/fixtures/queue-workers.js';
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
  const boss = await startQueue({ db: database.db, pool: database.pool, config, mailer, log });
  const stop = async () => {
    await stopBoss(boss, stopTimeoutMs);
    mailer.close();
  };
  return { boss, stop };
}
