// All SQL of the admin forms and pickers.
import { sql, type RawBuilder } from 'kysely';
import { bandNamesOfConcert, type ConcertRowBasics } from '../concerts/concerts.repository.js';
import type { Database } from '../db/database.js';
import { ACCENTED, foldName, PLAIN } from '../../common/fold.js';

export interface NewConcertRow extends Omit<ConcertRowBasics, 'id'> {
  venue_id: number;
  concert_description: string | null;
  image_url: string | null;
  user_id: string | null;
}

export interface NewBandRow {
  band_name: string;
  band_spotify_url: string | null;
  band_genres: string[];
  image_url: string | null;
}

export async function insertConcert(db: Database, row: NewConcertRow): Promise<number> {
  const { id } = await db
    .insertInto('concerts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertBand(db: Database, row: NewBandRow): Promise<number> {
  const { id } = await db.insertInto('bands').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** False when the pair was already linked. */
export async function insertLink(db: Database, concertId: number, bandId: number) {
  const inserted = await db
    .insertInto('concert_band')
    .values({ concert_id: concertId, band_id: bandId })
    .onConflict((oc) => oc.doNothing())
    .returning('concert_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function concertExists(db: Database, id: number): Promise<boolean> {
  const row = await db.selectFrom('concerts').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function bandExists(db: Database, id: number): Promise<boolean> {
  const row = await db.selectFrom('bands').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

// Lower case without accents, in SQL, so no unaccent extension is needed on the server (the
// submissions and the admin's new venues reuse it to match a band or venue by name).
export const normalised = (expression: RawBuilder<unknown>) =>
  sql<string>`translate(lower(${expression}), ${ACCENTED}, ${PLAIN})`;

/** The same normalisation on our side, then a LIKE pattern with its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${foldName(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface ConcertOptionRow {
  id: number;
  day: string;
  hour: string;
  venue: string;
  bandname: string | null;
  band_names: string[];
}

/**
 * Concerts by free name, band name, id or date; the ones nearest to `today` first (the admin is
 * usually linking a concert just created, or one coming soon).
 */
export async function searchConcerts(
  db: Database,
  filters: { q?: string; day?: string },
  today: string,
  limit: number,
): Promise<ConcertOptionRow[]> {
  let query = db
    .selectFrom('concerts as c')
    .select([
      'c.id',
      'c.day',
      sql<string>`to_char(c.hour, 'HH24:MI')`.as('hour'),
      'c.venue',
      'c.bandname',
      bandNamesOfConcert.as('band_names'),
    ]);
  if (filters.day) query = query.where('c.day', '=', filters.day);
  const q = filters.q;
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(normalised(sql`coalesce(c.bandname, '')`), 'like', pattern),
        eb.exists(
          eb
            .selectFrom('concert_band as cb')
            .innerJoin('bands as b', 'b.id', 'cb.band_id')
            .select(sql`1`.as('one'))
            .whereRef('cb.concert_id', '=', 'c.id')
            .where(normalised(sql`b.band_name`), 'like', pattern),
        ),
        eb(sql<string>`c.day::text`, '=', q),
        eb(sql<string>`c.id::text`, '=', q),
      ]),
    );
  }
  return query
    .orderBy(sql`abs(c.day - ${today}::date)`)
    .orderBy('c.day')
    .orderBy('c.hour')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

export async function searchBands(db: Database, q: string | undefined, limit: number) {
  let query = db.selectFrom('bands').select(['id', 'band_name']);
  if (q) query = query.where(normalised(sql`band_name`), 'like', containsPattern(q));
  return query
    .orderBy(sql`lower(band_name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface VenueRow {
  id: number;
  name: string;
  town: string | null;
  known: boolean;
}

/** The venues table, then venue names typed on concerts that the table does not know. */
export async function listVenues(db: Database): Promise<VenueRow[]> {
  const { rows } = await sql<VenueRow>`
    SELECT id, name, town, true AS known FROM venues
    UNION ALL
    SELECT min(c.venue_id), min(c.venue), NULL, false
    FROM concerts c
    WHERE NOT EXISTS (SELECT 1 FROM venues v WHERE lower(v.name) = lower(btrim(c.venue)))
    GROUP BY lower(btrim(c.venue))
    ORDER BY known DESC, name
  `.execute(db);
  return rows;
}

/** Fans who finished onboarding: the ones a pass for all users scores. */
export async function countOnboardedFans(db: Database): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('onboarding_completed', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
