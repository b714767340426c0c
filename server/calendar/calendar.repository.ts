// Everything the calendar files and feeds read and write: concerts with their venue, the fans'
// private feed rows and the feeds' versions.
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type { Locale } from '../../common/i18n/locales.js';

/** A concert as a calendar shows it: hour 'HH:mm', price as text, venue details joined. */
export interface CalendarConcertRow {
  id: number;
  day: string;
  hour: string;
  genre: string;
  price: string | null;
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

/** The description: the short text in the feed's language, else in Spanish, else the concert's own. */
const concertColumns = (locale: Locale) => sql`
  c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.genre, c.price::text AS price, c.venue,
  c.bandname, coalesce(${locale === 'ca' ? sql`c.description_short_ca, ` : sql``}c.description_short,
    c.concert_description) AS description, c.created_at,
  c.cancelled_at IS NOT NULL AS cancelled,
  coalesce((
    SELECT array_agg(b.band_name ORDER BY b.band_name)
    FROM concert_band cb JOIN bands b ON b.id = cb.band_id
    WHERE cb.concert_id = c.id
  ), '{}') AS band_names,
  v.address AS venue_address, v.town AS venue_town, v.lat AS venue_lat, v.lon AS venue_lon`;

/** Concerts from a Madrid day and time on (optionally of one genre); the order is the caller's. */
const upcomingConcerts = (
  from: { day: string; time: string },
  genre: string | undefined,
  locale: Locale,
) => sql`
  SELECT ${concertColumns(locale)}
  FROM concerts c LEFT JOIN venues v ON v.id = c.venue_id
  WHERE (c.day, c.hour) >= (${from.day}::date, ${from.time}::time)
    AND (${genre ?? null}::text IS NULL OR c.genre = ${genre ?? null}::text)`;

/**
 * The fan's liked concerts, those they go to and, if asked, their extreme matches, from a day on,
 * each once, in any order.
 */
const privateFeedConcerts = (
  userId: string,
  fromDay: string,
  includeExtreme: boolean,
  locale: Locale,
) => sql`
  SELECT ${concertColumns(locale)}
  FROM concerts c
  LEFT JOIN venues v ON v.id = c.venue_id
  WHERE c.day >= ${fromDay}::date
    AND c.id IN (
      SELECT r.concert_id FROM user_concert_recommendations r
      WHERE r.user_id = ${userId}::uuid
        AND (r.liked OR (${includeExtreme}::boolean AND r.score = 'extreme'))
      UNION
      SELECT a.concert_id FROM concert_attendance a WHERE a.user_id = ${userId}::uuid
    )`;

/**
 * A feed's version without its body: the SHA-256 (27 base64url characters, the ETag's form) of
 * `salt` followed by every row the body is made of, as PostgreSQL writes the row as text. The
 * rows are the body's own query, so any change the body would show (a concert's columns, its
 * bands, its venue, a like, a concert leaving the window) changes the version.
 */
const versionOf = (salt: string, rows: RawBuilder<unknown>) => sql`
  SELECT left(translate(encode(sha256(convert_to(
    ${salt}::text || coalesce(string_agg(t::text, chr(10) ORDER BY t.day, t.hour, t.id), ''),
    'UTF8')), 'base64'), '+/', '-_'), 27) AS etag
  FROM (${rows}) t`;

/** Concerts from a Madrid day and time on (optionally of one genre), in agenda order. */
export async function findUpcomingCalendarConcerts(
  db: Database,
  from: { day: string; time: string },
  genre: string | undefined,
  locale: Locale,
): Promise<CalendarConcertRow[]> {
  const result = await sql<CalendarConcertRow>`
    ${upcomingConcerts(from, genre, locale)}
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

export interface FeedVersionRow {
  etag: string;
  changed_at: Date;
}

/**
 * A feed's version (`version`: versionOf its rows) with the time it first appeared, in one
 * statement, safe with several instances polling at once: `save` stores it when it is new and
 * returns its changed_at; otherwise the time `stored` reads is kept.
 */
async function feedVersion(
  db: Database,
  version: RawBuilder<unknown>,
  save: RawBuilder<unknown>,
  stored: RawBuilder<unknown>,
  now: Date,
): Promise<FeedVersionRow> {
  const result = await sql<FeedVersionRow>`
    WITH version AS (${version}), changed AS (${save})
    SELECT v.etag, coalesce((SELECT changed_at FROM changed), (${stored}), ${now}) AS changed_at
    FROM version v
  `.execute(db);
  return result.rows[0]!; // an aggregate over version: always one row
}

/**
 * A public feed's version and the time it first appeared: stored in feed_versions when it is new
 * (so every instance gives the same Last-Modified), read back when it is not.
 */
export function publicFeedVersion(
  db: Database,
  feed: {
    key: string;
    salt: string;
    from: { day: string; time: string };
    genre?: string;
    locale: Locale;
  },
  now: Date,
): Promise<FeedVersionRow> {
  return feedVersion(
    db,
    versionOf(feed.salt, upcomingConcerts(feed.from, feed.genre, feed.locale)),
    sql`
      INSERT INTO feed_versions (feed_key, etag, changed_at)
      SELECT ${feed.key}, etag, ${now} FROM version
      ON CONFLICT (feed_key) DO UPDATE SET etag = excluded.etag, changed_at = excluded.changed_at
        WHERE feed_versions.etag <> excluded.etag
      RETURNING changed_at`,
    sql`SELECT changed_at FROM feed_versions WHERE feed_key = ${feed.key}`,
    now,
  );
}

export async function findCalendarConcert(
  db: Database,
  id: number,
  locale: Locale,
): Promise<CalendarConcertRow | undefined> {
  const result = await sql<CalendarConcertRow>`
    SELECT ${concertColumns(locale)}
    FROM concerts c LEFT JOIN venues v ON v.id = c.venue_id
    WHERE c.id = ${id}
  `.execute(db);
  return result.rows[0];
}

/** The fan's concerts (privateFeedConcerts) from a day on, in agenda order. */
export async function findPrivateFeedConcerts(
  db: Database,
  userId: string,
  fromDay: string,
  includeExtreme: boolean,
  locale: Locale,
): Promise<CalendarConcertRow[]> {
  const result = await sql<CalendarConcertRow>`
    ${privateFeedConcerts(userId, fromDay, includeExtreme, locale)}
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

/**
 * The private feed's version, stored on the fan's row when it is new (only while the same token
 * is live), with the time it first appeared.
 */
export function privateFeedVersion(
  db: Database,
  feed: {
    selector: string;
    userId: string;
    salt: string;
    fromDay: string;
    includeExtreme: boolean;
    locale: Locale;
  },
  now: Date,
): Promise<FeedVersionRow> {
  const rows = privateFeedConcerts(feed.userId, feed.fromDay, feed.includeExtreme, feed.locale);
  return feedVersion(
    db,
    versionOf(feed.salt, rows),
    sql`
      UPDATE calendar_feeds f SET content_etag = v.etag, content_changed_at = ${now}
      FROM version v
      WHERE f.selector = ${feed.selector} AND f.content_etag IS DISTINCT FROM v.etag
      RETURNING f.content_changed_at AS changed_at`,
    sql`SELECT content_changed_at FROM calendar_feeds WHERE selector = ${feed.selector}`,
    now,
  );
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

/** The feed whose `column` (both are unique) holds `value`. */
function findFeedBy(
  db: Database,
  column: 'selector' | 'user_id',
  value: string,
): Promise<CalendarFeedRow | undefined> {
  return db
    .selectFrom('calendar_feeds')
    .select(FEED_COLUMNS)
    .where(column, '=', value)
    .executeTakeFirst();
}

/** The feed of a token's selector, with its fan's saved language. */
export const findFeedBySelector = (db: Database, selector: string) =>
  db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.user_id', 'calendar_feeds.user_id')
    .select(FEED_COLUMNS.map((column) => `calendar_feeds.${column}` as const))
    .select('users.locale')
    .where('selector', '=', selector)
    .executeTakeFirst();

export const findFeedOfUser = (db: Database, userId: string) => findFeedBy(db, 'user_id', userId);

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
