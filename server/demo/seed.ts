// Demo data so a fresh install shows a living agenda: real Mallorca venues, invented bands and
// concerts dated from today, and two accounts to sign in with.
import { sql, type Transaction } from 'kysely';
import { hashPassword } from '../auth/password.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { Logger } from '../lib/logger.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { DEMO_BANDS, demoBandRows } from './bands.js';
import { bandnameOf, planDemoConcerts } from './concerts.js';
import { hashSeed } from './random.js';
import { DEMO_VENUES } from './venues.js';

export interface DemoSignIn {
  email: string;
  password: string;
}

export interface DemoSeedResult {
  /** Whether the demo concerts were created by this call (false when they already existed). */
  seeded: boolean;
  admin: DemoSignIn;
  fan: DemoSignIn;
}

export interface SeedOptions {
  clock: Clock;
  log: Logger;
  /** bcrypt cost of the demo passwords; tests pass a low one. */
  passwordCost?: number;
}

export const DEMO_ADMIN: DemoSignIn = { email: 'admin@demo.local', password: 'demo-admin-1234' };
export const DEMO_FAN: DemoSignIn = { email: 'fan@demo.local', password: 'demo-fan-1234' };

// Two app instances starting on one empty database must not both create the concerts.
const SEED_LOCK = hashSeed('conciertos-mallorca:demo-seed') & 0x7fffffff;

type Trx = Transaction<DB>;

interface DemoUser {
  signIn: DemoSignIn;
  name: string;
  isAdmin: boolean;
  topGenres: string[];
  dislikedGenres: string[];
  topArtists: string[];
}

const USERS: DemoUser[] = [
  {
    signIn: DEMO_ADMIN,
    name: 'Admin Demo',
    isAdmin: true,
    topGenres: [],
    dislikedGenres: [],
    topArtists: [],
  },
  {
    signIn: DEMO_FAN,
    name: 'Fan Demo',
    isAdmin: false,
    topGenres: ['Rock', 'Indie', 'Jazz'],
    dislikedGenres: ['Reggaetón'],
    topArtists: ['Tramuntana Elèctrica', 'Quartet del Moll Vell'],
  },
];

async function upsertVenues(trx: Trx): Promise<void> {
  await trx
    .insertInto('venues')
    .values(DEMO_VENUES.map((venue) => ({ ...venue })))
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

/** Inserts the bands that are missing (by case-insensitive name) and returns every demo band id. */
async function ensureBands(trx: Trx): Promise<Map<string, number>> {
  await trx
    .insertInto('bands')
    .values(demoBandRows())
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await trx
    .selectFrom('bands')
    .select(['id', 'band_name'])
    .where(
      sql<string>`lower(band_name)`,
      'in',
      DEMO_BANDS.map((band) => band.name.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((row) => [row.band_name.toLowerCase(), row.id]));
}

/** The user's id, creating the account only when no user has that email yet. */
async function ensureUser(trx: Trx, user: DemoUser, passwordCost: number): Promise<string> {
  const findId = () =>
    trx
      .selectFrom('users')
      .select('user_id')
      .where(sql<string>`lower(email)`, '=', user.signIn.email.toLowerCase())
      .executeTakeFirst();
  const existing = await findId();
  if (existing) return existing.user_id;
  await trx
    .insertInto('users')
    .values({
      email: user.signIn.email,
      password_hash: await hashPassword(user.signIn.password, passwordCost),
      name: user.name,
      is_admin: user.isAdmin,
      // Demo accounts use addresses nobody receives mail at: they count as verified.
      email_verified_at: new Date(),
      onboarding_completed: true,
      top_genres: user.topGenres,
      disliked_genres: user.dislikedGenres,
      top_artists: user.topArtists,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const created = await findId();
  if (!created) throw new Error(`No se pudo crear el usuario de demostración ${user.signIn.email}`);
  return created.user_id;
}

async function createConcerts(
  trx: Trx,
  today: string,
  adminId: string,
  bandIds: Map<string, number>,
): Promise<number> {
  const planned = planDemoConcerts(today, DEMO_BANDS, DEMO_VENUES);
  const links: { concert_id: number; band_id: number }[] = [];
  // One insert per concert keeps each id paired with its bands without relying on RETURNING order.
  for (const concert of planned) {
    const { id } = await trx
      .insertInto('concerts')
      .values({
        day: concert.day,
        hour: concert.hour,
        venue: concert.venue.name,
        venue_id: concert.venue.id,
        genre: concert.bands[0].genres[0],
        price: concert.price,
        bandname: bandnameOf(concert.bands),
        concert_description: concert.description,
        user_id: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const band of concert.bands) {
      const bandId = bandIds.get(band.name.toLowerCase());
      if (bandId !== undefined) links.push({ concert_id: id, band_id: bandId });
    }
  }
  if (links.length > 0) await trx.insertInto('concert_band').values(links).execute();
  return planned.length;
}

/**
 * Idempotent: venues are upserted, bands and users only added when missing, and the concerts are
 * created only while the demo admin owns none, so running it again (any day) duplicates nothing.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<DemoSeedResult> {
  const passwordCost = options.passwordCost ?? 10;
  const today = madridDateTime(options.clock()).day;
  const created = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    await upsertVenues(trx);
    const bandIds = await ensureBands(trx);
    const [adminId] = await Promise.all(USERS.map((user) => ensureUser(trx, user, passwordCost)));
    const owned = await trx
      .selectFrom('concerts')
      .select('id')
      .where('user_id', '=', adminId)
      .limit(1)
      .executeTakeFirst();
    if (owned) return 0;
    return createConcerts(trx, today, adminId, bandIds);
  });
  options.log.info(
    { venues: DEMO_VENUES.length, bands: DEMO_BANDS.length, concerts: created, today },
    created > 0
      ? 'Datos de demostración creados'
      : 'Los datos de demostración ya existían: no se crean conciertos nuevos',
  );
  return { seeded: created > 0, admin: { ...DEMO_ADMIN }, fan: { ...DEMO_FAN } };
}

/** True when nobody has signed up and no concert exists: a brand-new installation. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const { rows } = await sql<{ empty: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM users) AND NOT EXISTS (SELECT 1 FROM concerts) AS empty
  `.execute(db);
  return rows[0].empty;
}
