// SQL over pg-boss's own tables (schema 'pgboss'): the jobs that failed for good, for the admin's
// overview. pg-boss moves a failed job to its archive after a while and keeps the archive 7 days.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Jobs failed for good (no retry left) in the last `days` days, per queue. Nothing before
 * pg-boss has made its schema (an app without the job queue).
 */
export async function countFailedJobsByQueue(
  db: Database,
  days: number,
): Promise<{ queue: string; count: number }[]> {
  const exists = await sql<{ found: boolean }>`
    SELECT to_regclass('pgboss.job') IS NOT NULL AND to_regclass('pgboss.archive') IS NOT NULL
      AS found
  `.execute(db);
  if (!exists.rows[0]?.found) return [];
  const { rows } = await sql<{ queue: string; count: string }>`
    SELECT name AS queue, count(*)::text AS count
    FROM (
      SELECT name FROM pgboss.job
      WHERE state = 'failed' AND completed_on >= now() - make_interval(days => ${days})
      UNION ALL
      SELECT name FROM pgboss.archive
      WHERE state = 'failed' AND completed_on >= now() - make_interval(days => ${days})
    ) failed
    GROUP BY name
    ORDER BY name
  `.execute(db);
  return rows.map((row) => ({ queue: row.queue, count: Number(row.count) }));
}
