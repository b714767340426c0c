// SQL the matching reads: our venues (matched in memory, a run reads them once), bands by name
// (case and accents aside), and the concerts an event could be (same venue and day).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { normalised } from '../db/name-match.js';

export interface MatchVenueRow {
  id: number;
  name: string;
  town: string;
  address: string | null;
  aliases: string[];
}

export function findVenuesToMatch(db: Database): Promise<MatchVenueRow[]> {
  return db
    .selectFrom('venues')
    .select(['id', 'name', 'town', 'address', 'aliases'])
    .orderBy('id')
    .execute();
}

export interface MatchBandRow {
  id: number;
  name: string;
  genres: string[];
  /** The name folded by the database: the key the caller looks its names up by. */
  folded: string;
}

/** Our bands whose folded name is one of `folded` (already folded by foldName). */
export async function findBandsByFoldedName(
  db: Database,
  folded: string[],
): Promise<MatchBandRow[]> {
  if (folded.length === 0) return [];
  const key = normalised(sql`band_name`);
  return db
    .selectFrom('bands')
    .select(['id', 'band_name as name', 'band_genres as genres', key.as('folded')])
    .where(key, 'in', folded)
    .orderBy('id')
    .execute();
}

export interface CandidateConcertRow {
  id: number;
  hour: string;
  bandname: string | null;
  cancelled: boolean;
  band_names: string[];
}

/** Concerts at the venue on the day, with the names of their bands. */
export async function findConcertsAt(db: Database, venueId: number, day: string) {
  const result = await sql<CandidateConcertRow>`
    SELECT c.id, to_char(c.hour, 'HH24:MI') AS hour, c.bandname,
      c.cancelled_at IS NOT NULL AS cancelled,
      coalesce((SELECT array_agg(b.band_name ORDER BY b.band_name)
        FROM concert_band cb JOIN bands b ON b.id = cb.band_id WHERE cb.concert_id = c.id),
        '{}') AS band_names
    FROM concerts c
    WHERE c.venue_id = ${venueId} AND c.day = ${day}::date
    ORDER BY c.hour, c.id
  `.execute(db);
  return result.rows;
}

/** Another name the venue is known by (kept once, case and accents aside). */
export async function addVenueAlias(db: Database, venueId: number, alias: string) {
  await sql`
    UPDATE venues SET aliases = array_append(aliases, ${alias}::text)
    WHERE id = ${venueId}
      AND ${normalised(sql`name`)} <> ${normalised(sql`${alias}::text`)}
      AND NOT EXISTS (SELECT 1 FROM unnest(aliases) a
        WHERE ${normalised(sql`a`)} = ${normalised(sql`${alias}::text`)})
  `.execute(db);
}

/**
 * Serialises the imports that could make the same concert (by its page, or its venue and day)
 * until the commit, so two sources read at once still make one concert.
 */
export async function lockConcertIdentity(db: Database, key: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`import:${key}`}, 0))`.execute(db);
}

/**
 * Of these places (venue and day) and pages (address and day), the ones some concert already has:
 * `at:<venue>:<day>` and `url:<address>:<day>`. A waiting event with neither cannot have become a
 * concert since the last run, so it is left waiting without a query of its own.
 */
export async function findJoinHints(
  db: Database,
  places: { venueId: number; day: string }[],
  pages: { url: string; day: string }[],
): Promise<Set<string>> {
  if (places.length === 0 && pages.length === 0) return new Set();
  const result = await sql<{ hint: string }>`
    SELECT 'at:' || c.venue_id || ':' || c.day::text AS hint FROM concerts c
    WHERE (c.venue_id, c.day) IN (
      SELECT * FROM unnest(${places.map((p) => p.venueId)}::int[], ${places.map((p) => p.day)}::date[])
    )
    UNION
    SELECT 'url:' || e.url || ':' || e.day::text FROM imported_events e
    WHERE e.concert_id IS NOT NULL AND (e.url, e.day) IN (
      SELECT * FROM unnest(${pages.map((p) => p.url)}::text[], ${pages.map((p) => p.day)}::date[])
    )
  `.execute(db);
  return new Set(result.rows.map((row) => row.hint));
}
