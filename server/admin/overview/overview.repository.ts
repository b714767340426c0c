// SQL of the admin's overview (GET /api/admin/overview): a few counts, each on an index or one
// pass over its table.
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/** Concerts from `today` on, not cancelled (concerts_day_hour_idx), and those lacking bands or a picture. */
export async function countUpcomingConcerts(db: Database, today: string) {
  const row = await db
    .selectFrom('concerts as c')
    .select((eb) => [
      eb.fn.countAll<string>().as('upcoming'),
      sql<string>`count(*) FILTER (WHERE NOT EXISTS (
        SELECT 1 FROM concert_band cb WHERE cb.concert_id = c.id))`.as('without_bands'),
      sql<string>`count(*) FILTER (WHERE c.image_url IS NULL)`.as('without_image'),
    ])
    .where('c.day', '>=', today)
    .where('c.cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    upcoming: Number(row.upcoming),
    withoutBands: Number(row.without_bands),
    withoutImage: Number(row.without_image),
  };
}

/** Confirmed submissions waiting for review (band_submissions_pending_idx). */
export async function countPendingSubmissions(db: Database): Promise<number> {
  const row = await db
    .selectFrom('band_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The refusals of the hourly cap on the submission form's confirmation mails since `since`. */
export async function countMailCapHits(db: Database, since: Date) {
  const row = await db
    .selectFrom('submission_mail_cap_hits')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('refused'), eb.val('0')).as('refused'),
      eb.fn.max('last_refused_at').as('last'),
    ])
    .where('last_refused_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { refused: Number(row.refused), lastRefusedAt: row.last as Date | null };
}

/** The fans, in one pass over users (the total needs it anyway). */
export async function countFans(db: Database) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE email_verified_at IS NOT NULL)`.as('verified'),
      sql<string>`count(*) FILTER (WHERE is_subscribed AND email_verified_at IS NOT NULL)`.as(
        'weekly',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    verified: Number(row.verified),
    weeklySubscribers: Number(row.weekly),
  };
}

/** The last weekly campaign, if any. */
export function findLastWeeklyCampaign(db: Database) {
  return db
    .selectFrom('mail_campaigns')
    .select(['id', 'created_at', 'finished_at', 'mode'])
    .where('kind', '=', 'weekly')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A campaign's deliveries counted by status (on mail_deliveries' campaign index). */
export async function countCampaignDeliveries(db: Database, campaignId: string) {
  const row = await db
    .selectFrom('mail_deliveries')
    .select((eb) => [
      eb.fn.countAll<string>().as('recipients'),
      sql<string>`count(*) FILTER (WHERE status = 'sent')`.as('sent'),
      sql<string>`count(*) FILTER (WHERE status = 'failed')`.as('failed'),
      sql<string>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return {
    recipients: Number(row.recipients),
    sent: Number(row.sent),
    failed: Number(row.failed),
    pending: Number(row.pending),
  };
}

/**
 * Imported events waiting for review; sources failing (their last runs failed, not yet paused)
 * and paused. A few sources: one pass over them, the waiting ones on their index.
 */
export async function countSources(db: Database) {
  const row = await db
    .selectFrom('sources')
    .select([
      sql<string>`(SELECT count(*) FROM imported_events WHERE state = 'waiting')`.as('waiting'),
      sql<string>`count(*) FILTER (WHERE paused_at IS NULL AND consecutive_failures > 0)`.as(
        'failing',
      ),
      sql<string>`count(*) FILTER (WHERE paused_at IS NOT NULL)`.as('paused'),
    ])
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), failing: Number(row.failing), paused: Number(row.paused) };
}

/** Followers per actor of ours (the most followed first), and deliveries given up on. */
export async function countFediverse(db: Database) {
  const [followers, failures] = await Promise.all([
    db
      .selectFrom('federation_followers')
      .select(['actor', sql<number>`count(*)::int`.as('count')])
      .groupBy('actor')
      .orderBy('count', 'desc')
      .orderBy('actor')
      .execute(),
    db
      .selectFrom('federation_inboxes')
      .select([
        sql<number>`count(*) FILTER (WHERE failures > 0)::int`.as('inboxes'),
        sql<number>`coalesce(sum(failures), 0)::int`.as('deliveries'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { followers, failingInboxes: failures.inboxes, failedDeliveries: failures.deliveries };
}
