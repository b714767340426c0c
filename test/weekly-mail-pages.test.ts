// The weekly sender reads a campaign's pending deliveries page by page (keyset on id). A page must
// cost its own rows, not the whole campaign: with 100,000 fans there are 1,000 pages, and reading
// every pending entry for each of them made the send quadratic (migration 0070).
import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';
import { findPendingIds } from '../server/mail/deliveries.repository.js';
import {
  insertCampaignDeliveries,
  insertWeeklyCampaign,
} from '../server/weekly-mail/campaigns.repository.js';
import { useTestDatabase } from './helpers/db.js';

const database = useTestDatabase();
const FANS = 3000;
const PAGE = 100;

/** Index entries this backend has read from mail_deliveries, as the statistics count them. */
async function deliveryEntriesRead(connection: Database): Promise<number> {
  // Own statistics reach shared memory when the backend goes idle; force it after this statement.
  await sql`SELECT pg_stat_force_next_flush()`.execute(connection);
  const { rows } = await sql<{ n: string }>`
    SELECT coalesce(sum(idx_tup_read), 0)::text AS n FROM pg_stat_user_indexes
    WHERE relname = 'mail_deliveries'`.execute(connection);
  return Number(rows[0]!.n); // an aggregate without GROUP BY returns one row
}

it('reads one page of pending deliveries without reading the rest of the campaign', async () => {
  const { db } = database;
  await sql`
    INSERT INTO users (email, name, onboarding_completed, email_verified_at)
    SELECT 'fan-' || i || '@example.com', 'Fan ' || i, true, now()
    FROM generate_series(1, ${FANS}::int) AS i`.execute(db);
  const campaignId = await insertWeeklyCampaign(db, {
    mode: 'real',
    isoWeek: '2030-W24',
    createdBy: null,
  });
  expect(await insertCampaignDeliveries(db, campaignId!, 'subscribed')).toBe(FANS);
  const { rows: ids } = await sql<{ id: string }>`
    SELECT id::text FROM mail_deliveries ORDER BY mail_deliveries.id`.execute(db);
  const middle = ids[FANS / 2]!.id; // FANS rows were inserted

  const { page, read } = await db.connection().execute(async (connection) => {
    const before = await deliveryEntriesRead(connection);
    const found = await findPendingIds(connection, { campaignId: campaignId! }, middle, PAGE);
    await sql`SELECT 1`.execute(connection); // the page's statistics, flushed once idle
    return { page: found, read: (await deliveryEntriesRead(connection)) - before };
  });

  expect(page).toEqual(ids.slice(FANS / 2 + 1, FANS / 2 + 1 + PAGE).map((row) => row.id));
  // The page's 100 entries (and a few around them), not the 1,500 pending after it or all 3,000.
  expect(read).toBeGreaterThanOrEqual(PAGE);
  expect(read).toBeLessThan(3 * PAGE);
});
