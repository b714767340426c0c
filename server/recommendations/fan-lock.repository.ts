// The per-fan advisory lock of recommendation generation: its key is defined here and only here,
// so every generator (generator.ts, bulk-generator.ts, through fan-lock.ts) excludes the others.
// Session locks: they must be taken and released on the same connection.
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';

/** The advisory lock key of the fan whose uuid (as SQL text) is `userId`. */
const fanLockKey = (userId: RawBuilder<unknown>) =>
  sql`hashtextextended('recommendations:' || ${userId}, 0)`;

/** Takes the locks of the fans nobody else holds; returns their ids (the others are skipped). */
export async function tryLockFans(connection: Database, userIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM unnest(${userIds}::uuid[]) AS id
    WHERE pg_try_advisory_lock(${fanLockKey(sql`id::text`)})`.execute(connection);
  return rows.map((row) => row.id);
}

/** Releases locks `tryLockFans` took on this same connection. */
export async function unlockFans(connection: Database, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await sql`SELECT pg_advisory_unlock(${fanLockKey(sql`id::text`)})
            FROM unnest(${userIds}::uuid[]) AS id`.execute(connection);
}
