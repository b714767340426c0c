// A worker process of its own (run with `node --import tsx`), as an app instance would be:
// pg-boss and every queue worker on DATABASE_URL with the app's pool size, mail to SMTP_URL. The
// scale bench SIGKILLs one in the middle of a weekly campaign and starts another, as
// test/weekly-mail-kill.test.ts does. It reports its memory to the parent every 100 ms over IPC
// (the last report before a kill -9 is as late as the parent can know).
import { connectDatabase } from '../../server/db/database.js';
import { loadConfig } from '../../server/config/config.js';
import { createLogger } from '../../server/lib/logger.js';
import { createMailer } from '../../server/mail/mailer.js';
import { startQueue } from '../../test/fixtures/queue-workers.js';

export interface WorkerMemory {
  kind: 'memory';
  /** Resident set size now, in bytes. */
  rss: number;
  /** Peak resident set size of the process so far (getrusage), in bytes. */
  maxRss: number;
  /** CPU seconds used so far (user + system). */
  cpu: number;
}

const memory = (): WorkerMemory => {
  const usage = process.resourceUsage();
  return {
    kind: 'memory',
    rss: process.memoryUsage().rss,
    maxRss: usage.maxRSS * 1024,
    cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
  };
};

const config = loadConfig(process.env);
const log = createLogger(config.logLevel);
const { db, pool } = connectDatabase(config.database.url!, config.database.poolSize);
const mailer = createMailer(config, log);
const boss = await startQueue(
  { db, pool, config, mailer, log },
  { tuning: { mailRetryDelaySeconds: 1 } },
);
process.send?.({ ...memory(), kind: 'ready' });
setInterval(() => process.send?.(memory()), 100);
process.once('SIGTERM', () => {
  void boss
    .stop({ graceful: true, wait: true, timeout: 5_000 })
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
