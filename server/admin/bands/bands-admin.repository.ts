// SQL of the admin's bands: the list, the picker's search, creation, edits and merges.
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { containsPattern, normalised } from '../../db/name-match.js';

export interface AdminBandRow {
  id: number;
  band_name: string;
  band_spotify_url: string | null;
  band_genres: string[];
  image_url: string | null;
  concert_count: number;
}

const concertCount = sql<number>`(SELECT count(*)::int FROM concert_band cb WHERE cb.band_id = b.id)`;
const BAND_COLUMNS = [
  'b.id',
  'b.band_name',
  'b.band_spotify_url',
  'b.band_genres',
  'b.image_url',
  concertCount.as('concert_count'),
] as const;

export async function findAdminBands(
  db: Database,
  q: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: AdminBandRow[]; total: number }> {
  let query = db.selectFrom('bands as b');
  if (q) query = query.where(normalised(sql`b.band_name`), 'like', containsPattern(q));
  const [rows, count] = await Promise.all([
    query
      .select(BAND_COLUMNS)
      .orderBy(sql`lower(b.band_name)`)
      .orderBy('b.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findAdminBand(db: Database, id: number, forUpdate = false) {
  let query = db.selectFrom('bands as b').select(BAND_COLUMNS).where('b.id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function bandExists(db: Database, id: number): Promise<boolean> {
  const row = await db.selectFrom('bands').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The band picker: by name, accents and case aside, alphabetical. */
export async function searchBands(db: Database, q: string | undefined, limit: number) {
  let query = db.selectFrom('bands').select(['id', 'band_name']);
  if (q) query = query.where(normalised(sql`band_name`), 'like', containsPattern(q));
  return query
    .orderBy(sql`lower(band_name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface NewBandRow {
  band_name: string;
  band_spotify_url: string | null;
  band_genres: string[];
  image_url: string | null;
}

export async function insertBand(db: Database, row: NewBandRow): Promise<number> {
  const { id } = await db.insertInto('bands').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export interface BandPatch {
  band_name?: string;
  band_spotify_url?: string | null;
  band_genres?: string[];
  image_url?: string | null;
}

export async function updateBandRow(db: Database, id: number, patch: BandPatch) {
  await db.updateTable('bands').set(patch).where('id', '=', id).execute();
}

/** The band of that name (case aside), created when there is none; never two of one name. */
export async function findOrInsertBandByName(db: Database, name: string): Promise<number> {
  const inserted = await sql<{ id: number }>`
    INSERT INTO bands (band_name) VALUES (${name})
    ON CONFLICT ((lower(band_name))) DO NOTHING RETURNING id
  `.execute(db);
  const id = inserted.rows[0]?.id;
  if (id !== undefined) return id;
  const row = await db
    .selectFrom('bands')
    .select('id')
    .where(sql`lower(band_name)`, '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function concertIdsOfBand(db: Database, bandId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('concert_band')
    .select('concert_id')
    .where('band_id', '=', bandId)
    .execute();
  return rows.map((row) => row.concert_id);
}

/** Moves every concert link of `fromId` to `intoId` (a concert with both keeps one link). */
export async function moveBandLinks(db: Database, fromId: number, intoId: number) {
  await sql`
    INSERT INTO concert_band (concert_id, band_id)
    SELECT concert_id, ${intoId}::int FROM concert_band WHERE band_id = ${fromId}::int
    ON CONFLICT DO NOTHING
  `.execute(db);
  await db.deleteFrom('concert_band').where('band_id', '=', fromId).execute();
}

/**
 * Fans whose favourite artists name `fromName` (case aside) get `intoName` in its place, once and
 * where it was. Their taste changed, so updated_at moves (a run in flight drops its stale scores).
 * Returns those fans.
 */
export async function renameFavourite(
  db: Database,
  fromName: string,
  intoName: string,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    UPDATE users u SET updated_at = now(), top_artists = (
      SELECT coalesce(array_agg(name ORDER BY first_position), '{}') FROM (
        SELECT min(t.position) AS first_position,
          CASE WHEN lower(t.artist) = lower(${fromName}) THEN ${intoName} ELSE t.artist END AS name
        FROM unnest(u.top_artists) WITH ORDINALITY AS t(artist, position)
        GROUP BY 2
      ) renamed
    )
    WHERE EXISTS (SELECT 1 FROM unnest(u.top_artists) a WHERE lower(a) = lower(${fromName}))
    RETURNING u.user_id
  `.execute(db);
  return rows.map((row) => row.user_id);
}

export async function deleteBandRow(db: Database, id: number) {
  await db.deleteFrom('bands').where('id', '=', id).execute();
}

/** Deleted only while no concert links it (checked in the same statement). */
export async function deleteUnusedBand(db: Database, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('bands as b')
    .where('b.id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('concert_band as cb')
            .select('cb.band_id')
            .whereRef('cb.band_id', '=', 'b.id'),
        ),
      ),
    )
    .returning('b.id')
    .executeTakeFirst();
  return row !== undefined;
}
