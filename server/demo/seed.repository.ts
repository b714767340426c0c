// SQL of the demo data (seed.ts decides what to write; these functions only read and write).
import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import type { Users } from '../db/schema.js';
import type { DemoBandRow } from './bands.js';
import type { DemoVenue } from './venues.js';

/** Serialises seeding until the transaction ends: two instances never both create the concerts. */
export async function lockForSeeding(trx: Database, lockKey: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${lockKey})`.execute(trx);
}

/** Inserts the venues, or brings an existing one (same id) up to date. */
export async function upsertVenues(db: Database, venues: readonly DemoVenue[]): Promise<void> {
  await db
    .insertInto('venues')
    .values(venues.map((venue) => ({ ...venue })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        town: eb.ref('excluded.town'),
        lat: eb.ref('excluded.lat'),
        lon: eb.ref('excluded.lon'),
        capacity: eb.ref('excluded.capacity'),
        kind: eb.ref('excluded.kind'),
      })),
    )
    .execute();
}

/** Inserts the bands whose (case-insensitive) name is new; existing ones are left alone. */
export async function insertMissingBands(db: Database, bands: DemoBandRow[]): Promise<void> {
  await db
    .insertInto('bands')
    .values(bands)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The ids of the bands with these names, keyed by lower-cased name. */
export async function findBandIdsByName(
  db: Database,
  names: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('bands')
    .select(['id', 'band_name'])
    .where(
      sql<string>`lower(band_name)`,
      'in',
      names.map((name) => name.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((row) => [row.band_name.toLowerCase(), row.id]));
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.user_id;
}

/** Inserts the account unless its email is taken (then nothing happens). */
export async function insertUserIfNew(db: Database, user: Insertable<Users>): Promise<void> {
  await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function ownsAnyConcert(db: Database, userId: string): Promise<boolean> {
  const owned = await db
    .selectFrom('concerts')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return owned !== undefined;
}

export async function insertConcertBands(
  db: Database,
  links: { concert_id: number; band_id: number }[],
): Promise<void> {
  if (links.length > 0) await db.insertInto('concert_band').values(links).execute();
}

/** True when nobody has signed up and no concert exists. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const { rows } = await sql<{ empty: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM users) AND NOT EXISTS (SELECT 1 FROM concerts) AS empty
  `.execute(db);
  return rows[0]?.empty ?? false;
}
