// Everything the calendar files and feeds read and write: concerts with their venue, the fans'
// private feed rows and the feeds' versions.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** A concert as a calendar shows it: hour 'HH:mm', price as text, venue details joined. */
export interface CalendarConcertRow {
  id: number;
  day: string;
  hour: string;
  genre: string;
  price: string;
  venue: string;
  bandname: string | null;
  description: string | null;
  created_at: Date;
  cancelled: boolean;
  band_names: string[];
  venue_address: string | null;
  venue_town: string | null;
  venue_lat: number | null;
  venue_lon: number | null;
}

const CONCERT_COLUMNS = sql`
  c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.genre, c.price::text AS price, c.venue,
  c.bandname, coalesce(c.description_short, c.concert_description) AS description, c.created_at,
  c.cancelled_at IS NOT NULL AS cancelled,
  coalesce((
    SELECT array_agg(b.band_name ORDER BY b.band_name)
    FROM concert_band cb JOIN bands b ON b.id = cb.band_id
    WHERE cb.concert_id = c.id
  ), '{}') AS band_names,
  v.address AS venue_address, v.town AS venue_town, v.lat AS venue_lat, v.lon AS venue_lon`;

/** Concerts from a Madrid day and time on (optionally of one genre), in agenda order. */
export async function findUpcomingCalendarConcerts(
  db: Database,
  from: { day: string; time: string },
  genre: string | undefined,
): Promise<CalendarConcertRow[]> {
  const result = await sql<CalendarConcertRow>`
    SELECT ${CONCERT_COLUMNS}
    FROM concerts c LEFT JOIN venues v ON v.id = c.venue_id
    WHERE (c.day, c.hour) >= (${from.day}::date, ${from.time}::time)
      AND (${genre ?? null}::text IS NULL OR c.genre = ${genre ?? null}::text)
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

export async function findCalendarConcert(
  db: Database,
  id: number,
): Promise<CalendarConcertRow | undefined> {
  const result = await sql<CalendarConcertRow>`
    SELECT ${CONCERT_COLUMNS}
    FROM concerts c LEFT JOIN venues v ON v.id = c.venue_id
    WHERE c.id = ${id}
  `.execute(db);
  return result.rows[0];
}

/** The fan's liked concerts (and, if asked, extreme matches) from a day on. */
export async function findPrivateFeedConcerts(
  db: Database,
  userId: string,
  fromDay: string,
  includeExtreme: boolean,
): Promise<CalendarConcertRow[]> {
  const result = await sql<CalendarConcertRow>`
    SELECT ${CONCERT_COLUMNS}
    FROM user_concert_recommendations r
    JOIN concerts c ON c.id = r.concert_id
    LEFT JOIN venues v ON v.id = c.venue_id
    WHERE r.user_id = ${userId}::uuid
      AND c.day >= ${fromDay}::date
      AND (r.liked OR (${includeExtreme}::boolean AND r.score = 'extreme'))
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

export interface CalendarFeedRow {
  user_id: string;
  selector: string | null;
  secret_hash: string | null;
  token_created_at: Date | null;
  include_extreme: boolean;
  content_etag: string | null;
  content_changed_at: Date | null;
}

const FEED_COLUMNS = [
  'user_id',
  'selector',
  'secret_hash',
  'token_created_at',
  'include_extreme',
  'content_etag',
  'content_changed_at',
] as const;

export async function findFeedBySelector(
  db: Database,
  selector: string,
): Promise<CalendarFeedRow | undefined> {
  return db
    .selectFrom('calendar_feeds')
    .select(FEED_COLUMNS)
    .where('selector', '=', selector)
    .executeTakeFirst();
}

export async function findFeedOfUser(
  db: Database,
  userId: string,
): Promise<CalendarFeedRow | undefined> {
  return db
    .selectFrom('calendar_feeds')
    .select(FEED_COLUMNS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new token for the fan (the old one stops working in the same statement). */
export async function saveFeedToken(
  db: Database,
  userId: string,
  token: { selector: string; secretHash: string; createdAt: Date },
): Promise<CalendarFeedRow> {
  const values = {
    selector: token.selector,
    secret_hash: token.secretHash,
    token_created_at: token.createdAt,
    content_etag: null,
    content_changed_at: null,
    updated_at: token.createdAt,
  };
  return db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .returning(FEED_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Revokes the fan's token; their settings stay. True when there was one. */
export async function clearFeedToken(db: Database, userId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('calendar_feeds')
    .set({
      selector: null,
      secret_hash: null,
      token_created_at: null,
      content_etag: null,
      content_changed_at: null,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .where('selector', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function saveIncludeExtreme(
  db: Database,
  userId: string,
  includeExtreme: boolean,
  now: Date,
): Promise<CalendarFeedRow> {
  return db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, include_extreme: includeExtreme, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ include_extreme: includeExtreme, updated_at: now }),
    )
    .returning(FEED_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Records a private feed's new version (only while the same token is live). */
export async function savePrivateFeedVersion(
  db: Database,
  selector: string,
  etag: string,
  changedAt: Date,
): Promise<void> {
  await db
    .updateTable('calendar_feeds')
    .set({ content_etag: etag, content_changed_at: changedAt })
    .where('selector', '=', selector)
    .execute();
}

/**
 * The time a public feed last changed: its stored version when the ETag is the same, else the
 * new ETag is stored with `now`. One statement, safe with several instances polling at once.
 */
export async function publicFeedChangedAt(
  db: Database,
  feedKey: string,
  etag: string,
  now: Date,
): Promise<Date> {
  const result = await sql<{ changed_at: Date }>`
    WITH changed AS (
      INSERT INTO feed_versions (feed_key, etag, changed_at)
      VALUES (${feedKey}, ${etag}, ${now})
      ON CONFLICT (feed_key) DO UPDATE SET etag = excluded.etag, changed_at = excluded.changed_at
        WHERE feed_versions.etag <> excluded.etag
      RETURNING changed_at
    )
    SELECT changed_at FROM changed
    UNION ALL
    SELECT changed_at FROM feed_versions
    WHERE feed_key = ${feedKey} AND NOT EXISTS (SELECT 1 FROM changed)
  `.execute(db);
  return result.rows[0]?.changed_at ?? now;
}
