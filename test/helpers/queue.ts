import { sql } from 'kysely';
import type { Database } from '../../server/db/database.js';

/**
 * The jobs of a pg-boss queue that can still run (waiting, retrying or running). Zero, together with
 * the campaign's row saying done, means nothing more will happen: the state a test waits on instead
 * of sleeping.
 */
export async function liveJobs(db: Database, queue: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from pgboss.job
    where name = ${queue} and state in ('created', 'retry', 'active')
  `.execute(db);
  return Number(rows[0]?.count ?? 0);
}
