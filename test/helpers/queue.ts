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

/** Mail deliveries not sent and campaigns not done: both zero once every send is over. */
async function unfinished(db: Database): Promise<{ deliveries: number; campaigns: number }> {
  const { rows } = await sql<{ deliveries: string; campaigns: string }>`
    select (select count(*) from mail_deliveries where status <> 'sent') as deliveries,
           (select count(*) from mail_campaigns where status <> 'done') as campaigns
  `.execute(db);
  return { deliveries: Number(rows[0]?.deliveries), campaigns: Number(rows[0]?.campaigns) };
}

/** Every mail delivery is sent. */
export const allSent = async (db: Database) => (await unfinished(db)).deliveries === 0;

/** Every campaign is done. */
export const campaignsDone = async (db: Database) => (await unfinished(db)).campaigns === 0;
