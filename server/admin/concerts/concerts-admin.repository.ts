// SQL of the admin's concerts: the list, the picker's search, creation, edits and band links.
import { sql, type RawBuilder } from 'kysely';
import {
  bandNamesOfConcert,
  type ConcertOptionRow,
  type ConcertRowBasics,
} from '../../concerts/concerts.repository.js';
import type { Database } from '../../db/database.js';
import { containsPattern, normalised } from '../../db/name-match.js';
import type { AdminConcertRow } from '../writes/change-notices.repository.js';

const bandsOfConcert = sql<{ id: number; name: string }[]>`coalesce((
  SELECT json_agg(json_build_object('id', b.id, 'name', b.band_name) ORDER BY b.band_name)
  FROM concert_band cb JOIN bands b ON b.id = cb.band_id WHERE cb.concert_id = c.id
), '[]'::json)`;

const ADMIN_CONCERT_COLUMNS = [
  'c.id',
  'c.day',
  sql<string>`to_char(c.hour, 'HH24:MI')`.as('hour'),
  'c.venue_id',
  'c.venue',
  'c.genre',
  sql<string | null>`c.price::text`.as('price'),
  'c.bandname',
  'c.concert_description',
  'c.image_url',
  'c.ticket_url',
  'c.source_url',
  'c.like_count',
  'c.cancelled_at',
  bandsOfConcert.as('bands'),
] as const;

/** Concert `c`'s free name, or the name of one of its bands, matches the LIKE pattern (folded). */
const nameOrBandLike = (pattern: string) => sql<boolean>`(
  ${normalised(sql`coalesce(c.bandname, '')`)} LIKE ${pattern}
  OR EXISTS (
    SELECT 1 FROM concert_band cb JOIN bands b ON b.id = cb.band_id
    WHERE cb.concert_id = c.id AND ${normalised(sql`b.band_name`)} LIKE ${pattern}
  )
)`;

/** The search box on concert `c`: its name or a band's, what `other` matches, or its id. */
function searchMatch(q: string, other: (pattern: string) => RawBuilder<unknown>) {
  const pattern = containsPattern(q);
  return sql<boolean>`(${nameOrBandLike(pattern)} OR ${other(pattern)} OR c.id::text = ${q})`;
}

export interface ConcertFilters {
  q?: string;
  when: 'upcoming' | 'past' | 'all';
  from?: string;
  to?: string;
  genre?: string;
  withoutBands: boolean;
  withoutImage: boolean;
}

/** One page of the admin list: upcoming soonest first, past most recent first. */
export async function findAdminConcerts(
  db: Database,
  filters: ConcertFilters,
  cutoff: { day: string; time: string },
  offset: number,
  limit: number,
): Promise<{ rows: AdminConcertRow[]; total: number }> {
  let query = db.selectFrom('concerts as c');
  const startsAt = sql`(c.day, c.hour)`;
  const cut = sql`(${cutoff.day}::date, ${cutoff.time}::time)`;
  if (filters.when === 'upcoming') query = query.where(sql<boolean>`${startsAt} >= ${cut}`);
  if (filters.when === 'past') query = query.where(sql<boolean>`${startsAt} < ${cut}`);
  if (filters.from) query = query.where('c.day', '>=', filters.from);
  if (filters.to) query = query.where('c.day', '<=', filters.to);
  if (filters.genre) query = query.where('c.genre', '=', filters.genre);
  if (filters.withoutImage) query = query.where('c.image_url', 'is', null);
  if (filters.withoutBands) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('concert_band as cb')
            .select(sql`1`.as('one'))
            .whereRef('cb.concert_id', '=', 'c.id'),
        ),
      ),
    );
  }
  const q = filters.q;
  if (q) {
    query = query.where(
      searchMatch(q, (pattern) => sql`${normalised(sql`c.venue`)} LIKE ${pattern}`),
    );
  }
  const direction = filters.when === 'past' ? 'desc' : 'asc';
  const [rows, count] = await Promise.all([
    query
      .select(ADMIN_CONCERT_COLUMNS)
      .orderBy('c.day', direction)
      .orderBy('c.hour', direction)
      .orderBy('c.id', direction)
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows, total: Number(count.n) };
}

/** One concert; `forUpdate` locks it for the rest of the transaction (edits compare before/after). */
export async function findAdminConcert(
  db: Database,
  id: number,
  forUpdate = false,
): Promise<AdminConcertRow | undefined> {
  let query = db.selectFrom('concerts as c').select(ADMIN_CONCERT_COLUMNS).where('c.id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return await query.executeTakeFirst();
}

export interface NewConcertRow extends Omit<ConcertRowBasics, 'id'> {
  venue_id: number;
  concert_description: string | null;
  image_url: string | null;
  ticket_url?: string | null;
  source_url?: string | null;
  user_id: string | null;
}

export async function insertConcert(db: Database, row: NewConcertRow): Promise<number> {
  const { id } = await db
    .insertInto('concerts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function concertExists(db: Database, id: number): Promise<boolean> {
  const row = await db.selectFrom('concerts').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface ConcertPatch extends Partial<Omit<NewConcertRow, 'user_id'>> {
  cancelled_at?: Date | null;
  /** The short and long texts were written from the old description: written again later. */
  description_short?: null;
  description_long?: null;
  description_short_ca?: null;
  description_long_ca?: null;
}

export async function updateConcertRow(db: Database, id: number, patch: ConcertPatch) {
  await db.updateTable('concerts').set(patch).where('id', '=', id).execute();
}

/** False when it was already gone. Likes and scores go with it (ON DELETE CASCADE). */
export async function deleteConcertRow(db: Database, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('concerts')
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function copyBandLinks(db: Database, fromId: number, toId: number) {
  await sql`
    INSERT INTO concert_band (concert_id, band_id)
    SELECT ${toId}::int, band_id FROM concert_band WHERE concert_id = ${fromId}::int
    ON CONFLICT DO NOTHING
  `.execute(db);
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

/** False when the pair was not linked. */
export async function deleteLink(db: Database, concertId: number, bandId: number) {
  const row = await db
    .deleteFrom('concert_band')
    .where('concert_id', '=', concertId)
    .where('band_id', '=', bandId)
    .returning('band_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The concert picker: by free name, band name, id or date; the ones nearest to `today` first (the
 * admin is usually linking a concert just created, or one coming soon).
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
  if (q) query = query.where(searchMatch(q, () => sql`c.day::text = ${q}`));
  return query
    .orderBy(sql`abs(c.day - ${today}::date)`)
    .orderBy('c.day')
    .orderBy('c.hour')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/** The concert's bands become exactly `bandIds`: how many links were added and removed. */
export async function replaceBandLinks(db: Database, concertId: number, bandIds: number[]) {
  const removed = await db
    .deleteFrom('concert_band')
    .where('concert_id', '=', concertId)
    .$if(bandIds.length > 0, (query) => query.where('band_id', 'not in', bandIds))
    .returning('band_id')
    .execute();
  const added =
    bandIds.length === 0
      ? []
      : await db
          .insertInto('concert_band')
          .values(bandIds.map((band_id) => ({ concert_id: concertId, band_id })))
          .onConflict((oc) => oc.doNothing())
          .returning('band_id')
          .execute();
  return { added: added.length, removed: removed.length };
}
