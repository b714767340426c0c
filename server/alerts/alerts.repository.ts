// SQL of artist alerts: fans matched to new concerts (artist_alerts, one row per fan and concert),
// gathered into at most one 'artist_alert' delivery per fan and Madrid day, claimed by a row lock
// while it is sent.
import { sql } from 'kysely';
import type { Score } from '../../common/genres/genres.js';
import type { AlertFrequency } from '../../common/profile/limits.js';
import type { ConcertOptionRow } from '../concerts/concerts.repository.js';
import { bandNamesOfConcert, mailImageOfConcert } from '../concerts/concerts.repository.js';
import type { Database } from '../db/database.js';
import { normalised } from '../db/name-match.js';
import { claimPendingDelivery } from '../mail/deliveries.repository.js';

/**
 * Records a match for every onboarded fan with a verified address and alerts on, whose favourite
 * artists name one of these concerts' bands (case and accents aside; a concert without bands is
 * known by its free name, as the scoring rules do). Upcoming, not cancelled concerts only; a
 * fan and concert already matched stay as they are. Returns how many matches are new.
 */
export async function insertArtistAlerts(
  db: Database,
  concertIds: number[],
  today: string,
  at: Date,
): Promise<number> {
  if (concertIds.length === 0) return 0;
  const result = await sql`
    INSERT INTO artist_alerts (user_id, concert_id, created_at)
    SELECT u.user_id, c.id, ${at}
    FROM concerts c
    CROSS JOIN LATERAL (
      SELECT coalesce(
        array_agg(${normalised(sql`b.band_name`)}),
        CASE WHEN c.bandname IS NULL THEN '{}'::text[] ELSE ARRAY[${normalised(sql`c.bandname`)}] END
      ) AS names
      FROM concert_band cb JOIN bands b ON b.id = cb.band_id WHERE cb.concert_id = c.id
    ) played
    JOIN users u ON u.onboarding_completed AND u.email_verified_at IS NOT NULL
      AND u.alert_frequency <> 'never'
      AND EXISTS (SELECT 1 FROM unnest(u.top_artists) AS favourite(name)
                  WHERE ${normalised(sql`favourite.name`)} = ANY (played.names))
    WHERE c.id = ANY (${concertIds}::int[]) AND c.day >= ${today}::date AND c.cancelled_at IS NULL
    ON CONFLICT (user_id, concert_id) DO NOTHING
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * One pending delivery per fan of these frequencies with matches ready (scored, or waiting since
 * `scoreWaitUntil`), holding all of them, unless the fan already has one for `day`: the unique
 * index decides between instances, and what it refuses waits for the next day. With `newSince`,
 * only fans with a match ready from then on. Returns the new deliveries' ids.
 */
export async function gatherAlertDeliveries(
  db: Database,
  of: {
    frequencies: AlertFrequency[];
    day: string;
    now: Date;
    scoreWaitUntil: Date;
    newSince?: Date;
  },
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH ready AS (
      SELECT a.user_id, a.concert_id, a.created_at, u.email
      FROM artist_alerts a
      JOIN users u ON u.user_id = a.user_id
      LEFT JOIN user_concert_recommendations r
        ON r.user_id = a.user_id AND r.concert_id = a.concert_id
      WHERE a.delivery_id IS NULL AND a.dropped_at IS NULL
        AND u.alert_frequency = ANY (${of.frequencies}::text[])
        AND u.email_verified_at IS NOT NULL
        AND (r.score IS NOT NULL OR a.created_at <= ${of.scoreWaitUntil})
    ), fans AS (
      SELECT DISTINCT user_id, email FROM ready
      ${of.newSince ? sql`WHERE created_at >= ${of.newSince}` : sql``}
    ), mails AS (
      INSERT INTO mail_deliveries (user_id, kind, to_email, payload, next_attempt_at)
      SELECT user_id, 'artist_alert', email, jsonb_build_object('day', ${of.day}::text), ${of.now}
      FROM fans ORDER BY user_id
      ON CONFLICT (user_id, (payload ->> 'day')) WHERE kind = 'artist_alert' AND status <> 'skipped'
      DO NOTHING
      RETURNING id, user_id
    ), taken AS (
      UPDATE artist_alerts a SET delivery_id = m.id
      FROM mails m JOIN ready ON ready.user_id = m.user_id
      WHERE a.user_id = ready.user_id AND a.concert_id = ready.concert_id
        AND a.delivery_id IS NULL AND a.dropped_at IS NULL
      RETURNING a.delivery_id
    )
    SELECT DISTINCT delivery_id::text AS id FROM taken ORDER BY id
  `.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Matches no mail will carry: of fans who chose 'never' (or this fan, when they just did), or of
 * concerts cancelled or past. Returns how many.
 */
export async function dropUnwantedAlerts(
  db: Database,
  at: Date,
  today: string,
  userId?: string,
): Promise<number> {
  const result = await sql`
    UPDATE artist_alerts a SET dropped_at = ${at}
    FROM users u, concerts c
    WHERE u.user_id = a.user_id AND c.id = a.concert_id
      AND a.delivery_id IS NULL AND a.dropped_at IS NULL
      AND (u.alert_frequency = 'never' OR c.cancelled_at IS NOT NULL OR c.day < ${today}::date)
      ${userId ? sql`AND a.user_id = ${userId}::uuid` : sql``}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export interface ClaimedAlertMail {
  id: string;
  to_email: string;
  attempts: number;
  user_id: string | null;
  name: string | null;
  locale: string | null;
  /** The fan's choice now (null: the account is gone). */
  alert_frequency: AlertFrequency | null;
  verified: boolean | null;
}

/** Locks one pending alert mail (see ClaimedKind.claim in claimed-sender.ts). */
export const claimAlertDelivery = (trx: Database, deliveryId: string, dueBy?: Date) =>
  claimPendingDelivery<ClaimedAlertMail>(
    trx,
    { kind: 'artist_alert', deliveryId, dueBy },
    sql`u.user_id, u.name, u.locale, u.alert_frequency, u.email_verified_at IS NOT NULL AS verified`,
  );

export interface AlertConcertRow extends ConcertOptionRow {
  image_url: string | null;
  score: Score | null;
  reason: string | null;
}

/** The concerts a delivery carries, with the fan's score: still upcoming and not cancelled. */
export async function findDeliveryConcerts(
  db: Database,
  deliveryId: string,
  today: string,
): Promise<AlertConcertRow[]> {
  const { rows } = await sql<AlertConcertRow>`
    SELECT c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.bandname,
      ${bandNamesOfConcert} AS band_names, ${mailImageOfConcert} AS image_url, r.score, r.reason
    FROM artist_alerts a
    JOIN concerts c ON c.id = a.concert_id
    LEFT JOIN user_concert_recommendations r
      ON r.user_id = a.user_id AND r.concert_id = a.concert_id
    WHERE a.delivery_id = ${deliveryId} AND c.cancelled_at IS NULL AND c.day >= ${today}::date
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return rows;
}
