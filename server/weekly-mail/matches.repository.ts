// What a weekly mail shows: the fan's best scored concerts of the next 14 days, or, when none
// matches, the next few concerts of the island; never one the fan already said they go to.
import { sql } from 'kysely';
import {
  bandNamesOfConcert,
  mailImageOfConcert,
  type ConcertRowBasics,
} from '../concerts/concerts.repository.js';
import type { Database } from '../db/database.js';

export interface MailConcert extends ConcertRowBasics {
  /** Alphabetical; empty when the concert has none. */
  band_names: string[];
  /** A band's picture (the first one that has one), else the concert's own. */
  image_url: string | null;
  score: 'extreme' | 'high' | 'medium' | null;
  reason: string | null;
}

/** "Next 14 days": today and the 13 days after it, in Europe/Madrid. */
export const WINDOW_DAYS = 14;
const MAX_MATCHES = 5;
const FALLBACK_CONCERTS = 3;

/** What a mail shows of a concert `c`. The subqueries run only for the rows kept by the LIMIT. */
const shown = sql`c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.genre,
  c.price::text AS price, c.bandname, ${bandNamesOfConcert} AS band_names,
  ${mailImageOfConcert} AS image_url`;

/** Concert `c` is not one the fan said they go to. */
const notGoing = (userId: string) => sql`NOT EXISTS (
  SELECT 1 FROM concert_attendance a WHERE a.concert_id = c.id AND a.user_id = ${userId}::uuid)`;

export async function findWeeklyMatches(
  db: Database,
  userId: string,
  window: { from: string; to: string; nowTime: string },
): Promise<MailConcert[]> {
  const result = await sql<MailConcert>`
    SELECT ${shown}, r.score, r.reason
    FROM user_concert_recommendations r
    JOIN concerts c ON c.id = r.concert_id
    WHERE r.user_id = ${userId}::uuid
      AND r.score IN ('extreme', 'high', 'medium')
      AND c.day BETWEEN ${window.from}::date AND ${window.to}::date
      AND (c.day > ${window.from}::date OR c.hour >= ${window.nowTime}::time)
      AND c.cancelled_at IS NULL
      AND ${notGoing(userId)}
    ORDER BY CASE r.score WHEN 'extreme' THEN 0 WHEN 'high' THEN 1 ELSE 2 END, c.day, c.hour, c.id
    LIMIT ${MAX_MATCHES}
  `.execute(db);
  return result.rows;
}

export async function findNextConcerts(
  db: Database,
  userId: string,
  window: { from: string; to: string; nowTime: string },
): Promise<MailConcert[]> {
  const result = await sql<MailConcert>`
    SELECT ${shown}, NULL AS score, NULL AS reason
    FROM concerts c
    WHERE c.day BETWEEN ${window.from}::date AND ${window.to}::date
      AND (c.day > ${window.from}::date OR c.hour >= ${window.nowTime}::time)
      AND c.cancelled_at IS NULL
      AND ${notGoing(userId)}
    ORDER BY c.day, c.hour, c.id
    LIMIT ${FALLBACK_CONCERTS}
  `.execute(db);
  return result.rows;
}
