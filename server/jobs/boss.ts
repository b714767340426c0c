// pg-boss on the app's own database and pool (schema 'pgboss'). pg-boss is built for several
// instances on one database: jobs are fetched with SKIP LOCKED, its schema migrations take an
// advisory lock, and its maintenance (expiring jobs of a killed worker) runs on one instance at a time.
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from '../lib/logger.js';
import { watchQueues } from '../lib/metrics.js';
import { createQueues, DEFAULT_TUNING, QUEUES, type QueueTuning } from './queues.js';

const BOSS_SCHEMA = 'pgboss';

export async function startBoss(
  pool: pg.Pool,
  log: Logger,
  tuning: QueueTuning = DEFAULT_TUNING,
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: BOSS_SCHEMA,
    // node-cron fires our one schedule (the weekly mail); pg-boss's own cron stays off.
    schedule: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'Error en la cola de trabajos (pg-boss)'));
  await boss.start();
  await createQueues(boss, tuning);
  // cm_job_queue_depth: pg-boss counts the jobs waiting (created or to be retried) per queue.
  watchQueues({ names: Object.values(QUEUES), size: (name) => boss.getQueueSize(name) });
  return boss;
}

/** Lets jobs in flight finish (up to timeoutMs), then fails what is left so it is retried. */
export async function stopBoss(boss: PgBoss, timeoutMs = 10_000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
