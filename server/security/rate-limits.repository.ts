// SQL for the rate_limits table: fixed-window counters keyed by text, shared by every instance.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface CounterHit {
  key: string;
  hits: number;
  /** Seconds until the counter's window ends. */
  retry_after: number;
}

/**
 * Counts one hit on each counter in one statement (a counter past its window starts again at 1).
 * The counters are written in the order given, so callers pass them sorted by key.
 */
export async function countHits(
  db: Database,
  counters: { key: string; windowSeconds: number }[],
): Promise<CounterHit[]> {
  const { rows } = await sql<CounterHit>`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    SELECT c.key, 1, now() + make_interval(secs => c.window_seconds)
    FROM unnest(${counters.map((c) => c.key)}::text[], ${counters.map((c) => c.windowSeconds)}::int[])
      WITH ORDINALITY AS c(key, window_seconds, position)
    ORDER BY c.position
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING key, hits, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after
  `.execute(db);
  return rows;
}

/** Seconds left in the counter's window when it holds at least `limit` hits, else undefined. */
export async function findRetryAfterAtLimit(
  db: Database,
  key: string,
  limit: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(sql<number>`ceil(extract(epoch FROM reset_at - now()))::int`.as('retry_after'))
    .where('key', '=', key)
    .where('hits', '>=', limit)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.retry_after;
}

export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', sql<Date>`now()`)
    .execute();
}

export async function deleteCounter(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** The counter's hits in its current window, without counting one (0 when none). */
export async function readCounter(db: Database, key: string): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', key)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.hits ?? 0;
}
