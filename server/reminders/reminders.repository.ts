// SQL of the pre-show reminders: which fans get one for a day, their concerts of that day, and
// the claim of a reminder's delivery while it is sent.
import { sql, type RawBuilder } from 'kysely';
import {
  bandNamesOfConcert,
  mailImageOfConcert,
  type ConcertRowBasics,
} from '../concerts/concerts.repository.js';
import type { Database } from '../db/database.js';
import { claimPendingDelivery } from '../mail/deliveries.repository.js';

/** Ids of concerts on `day`, not cancelled, that `fan` liked or goes to (each once). */
const fanConcertsOn = (day: string, fan: RawBuilder<unknown>) => sql`
  SELECT c.id FROM concerts c
  WHERE c.day = ${day}::date AND c.cancelled_at IS NULL AND (
    EXISTS (SELECT 1 FROM user_concert_recommendations r
      WHERE r.concert_id = c.id AND r.user_id = ${fan} AND r.liked)
    OR EXISTS (SELECT 1 FROM concert_attendance a
      WHERE a.concert_id = c.id AND a.user_id = ${fan}))`;

/**
 * Writes a 'pending' reminder about `day` for every fan who asked for reminders, proved their
 * address and has a concert that day; a fan who already has one for that day is left alone (the
 * unique key), so every instance may run this at once. Returns how many were written.
 */
export async function planReminders(db: Database, day: string, now: Date): Promise<number> {
  const result = await sql`
    INSERT INTO mail_deliveries (user_id, kind, to_email, reminder_day, next_attempt_at)
    SELECT u.user_id, 'show_reminder', u.email, ${day}::date, ${now}
    FROM users u
    WHERE u.show_reminders AND u.email_verified_at IS NOT NULL
      AND EXISTS (${fanConcertsOn(day, sql`u.user_id`)})
    ON CONFLICT (user_id, reminder_day) WHERE kind = 'show_reminder' DO NOTHING
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface ClaimedReminder {
  id: string;
  to_email: string;
  attempts: number;
  user_id: string | null;
  /** yyyy-MM-dd, Madrid: the day of the concerts. */
  reminder_day: string;
  name: string | null;
  locale: string | null;
  /** The fan's switch now (null: the account is gone). */
  show_reminders: boolean | null;
}

/** Locks one pending reminder (see ClaimedKind.claim in claimed-sender.ts). */
export const claimReminder = (trx: Database, deliveryId: string, dueBy?: Date) =>
  claimPendingDelivery<ClaimedReminder>(
    trx,
    { kind: 'show_reminder', deliveryId, dueBy },
    sql`d.user_id, d.reminder_day, u.name, u.locale, u.show_reminders`,
  );

export interface ReminderConcertRow extends ConcertRowBasics {
  band_names: string[];
  image_url: string | null;
}

/** The fan's concerts of `day` (fanConcertsOn), by time. */
export async function findReminderConcerts(
  db: Database,
  userId: string,
  day: string,
): Promise<ReminderConcertRow[]> {
  const result = await sql<ReminderConcertRow>`
    SELECT c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.genre,
      c.price::text AS price, c.bandname, ${bandNamesOfConcert} AS band_names,
      ${mailImageOfConcert} AS image_url
    FROM concerts c
    WHERE c.id IN (${fanConcertsOn(day, sql`${userId}::uuid`)})
    ORDER BY c.hour, c.id
  `.execute(db);
  return result.rows;
}
