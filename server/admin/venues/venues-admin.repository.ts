// SQL of the venues: the managed list and the concert form's choices. concerts.venue keeps the
// venue's name beside venue_id (the agenda and the mails read it without a join), so a rename is
// written to both.
import { sql } from 'kysely';
import type { AdminManagedVenueDto } from '../../../common/admin/types.js';
import type { Database } from '../../db/database.js';
import { containsPattern, normalised } from '../../db/name-match.js';

/** A venue's own columns: named as the admin's venue fields. */
export type VenueValues = Omit<AdminManagedVenueDto, 'id' | 'concertCount'>;

export interface ManagedVenueRow extends VenueValues {
  id: number;
  concert_count: number;
}

const concertCount = sql<number>`(SELECT count(*)::int FROM concerts c WHERE c.venue_id = v.id)`;

export async function findManagedVenues(db: Database, q: string | undefined) {
  let query = db
    .selectFrom('venues as v')
    .select(['v.id', 'v.name', 'v.town', 'v.address', 'v.website', 'v.lat', 'v.lon'])
    .select(concertCount.as('concert_count'));
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(normalised(sql`v.name`), 'like', pattern),
        eb(normalised(sql`v.town`), 'like', pattern),
      ]),
    );
  }
  return query
    .orderBy(sql`lower(v.name)`)
    .orderBy('v.id')
    .execute() as Promise<ManagedVenueRow[]>;
}

/** One venue; `forUpdate` locks it for the rest of the transaction (edits compare before/after). */
export async function findManagedVenue(db: Database, id: number, forUpdate = false) {
  let query = db
    .selectFrom('venues as v')
    .select(['v.id', 'v.name', 'v.town', 'v.address', 'v.website', 'v.lat', 'v.lon'])
    .select(concertCount.as('concert_count'))
    .where('v.id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return await query.executeTakeFirst();
}

export interface VenueOptionRow {
  id: number;
  name: string;
  town: string | null;
  known: boolean;
}

/** The concert form's venues: the list, then names typed on concerts that the list does not know. */
export async function listVenueOptions(db: Database): Promise<VenueOptionRow[]> {
  const { rows } = await sql<VenueOptionRow>`
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

/**
 * The venue of that name, case and accents ignored ("Sa Possessio" finds "Sa Possessió"): the one
 * rule for the admin's new venues and the approval of a submission. The oldest wins if the list
 * already holds two that fold alike.
 */
export function findVenueByName(
  db: Database,
  name: string,
): Promise<{ id: number; name: string; town: string } | undefined> {
  return db
    .selectFrom('venues')
    .select(['id', 'name', 'town'])
    .where(normalised(sql`name`), '=', normalised(sql`${name}::text`))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertVenue(db: Database, values: VenueValues): Promise<number> {
  const { id } = await db
    .insertInto('venues')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateVenueRow(db: Database, id: number, patch: Partial<VenueValues>) {
  await db.updateTable('venues').set(patch).where('id', '=', id).execute();
  if (patch.name !== undefined) {
    await db
      .updateTable('concerts')
      .set({ venue: patch.name })
      .where('venue_id', '=', id)
      .where('venue', '<>', patch.name)
      .execute();
  }
}

/** Deleted only while no concert uses it (checked in the same statement). */
export async function deleteUnusedVenue(db: Database, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('venues as v')
    .where('v.id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('concerts as c').select('c.id').whereRef('c.venue_id', '=', 'v.id'),
        ),
      ),
    )
    .returning('v.id')
    .executeTakeFirst();
  return row !== undefined;
}
