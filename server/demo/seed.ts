// Demo data so a fresh install shows a living agenda: real Mallorca venues, invented bands and
// concerts dated from today, and two accounts to sign in with.
import { randomBytes } from 'node:crypto';
import { insertConcert } from '../admin/concerts/concerts-admin.repository.js';
import { hashPassword } from '../accounts/password.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { DEMO_BANDS, demoBandRows } from './bands.js';
import { bandnameOf, planDemoConcerts } from './concerts.js';
import { hashSeed } from './random.js';
import {
  findBandIdsByName,
  findUserIdByEmail,
  insertConcertBands,
  insertMissingBands,
  insertUserIfNew,
  isDatabaseEmpty,
  lockForSeeding,
  ownsAnyConcert,
  upsertVenues,
} from './seed.repository.js';
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
  /** Emails of the demo accounts this call created; only their passwords are worth printing. */
  created: string[];
}

export interface SeedOptions {
  clock: Clock;
  log: Logger;
  /** bcrypt cost of the demo passwords; tests pass a low one. */
  passwordCost?: number;
  /**
   * Production (DEMO_DATA=true there): each new demo account gets a random password, printed once,
   * instead of the documented ones anybody could sign in with.
   */
  randomPasswords?: boolean;
}

const DEMO_ADMIN: DemoSignIn = { email: 'admin@demo.local', password: 'demo-admin-1234' };
const DEMO_FAN: DemoSignIn = { email: 'fan@demo.local', password: 'demo-fan-1234' };

// Two app instances starting on one empty database must not both create the concerts.
const SEED_LOCK = hashSeed('conciertos-mallorca:demo-seed') & 0x7fffffff;

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

/** Inserts the bands that are missing (by case-insensitive name) and returns every demo band id. */
async function ensureBands(trx: Database): Promise<Map<string, number>> {
  await insertMissingBands(trx, demoBandRows());
  return findBandIdsByName(
    trx,
    DEMO_BANDS.map((band) => band.name),
  );
}

/** The user's id, creating the account only when no user has that email yet. */
async function ensureUser(
  trx: Database,
  user: DemoUser,
  passwordCost: number,
): Promise<{ id: string; created: boolean }> {
  const existing = await findUserIdByEmail(trx, user.signIn.email);
  if (existing) return { id: existing, created: false };
  await insertUserIfNew(trx, {
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
  });
  const created = await findUserIdByEmail(trx, user.signIn.email);
  if (!created) throw new Error(`No se pudo crear el usuario de demostración ${user.signIn.email}`);
  return { id: created, created: true };
}

async function createConcerts(
  trx: Database,
  today: string,
  adminId: string,
  bandIds: Map<string, number>,
): Promise<number> {
  const planned = planDemoConcerts(today, DEMO_BANDS, DEMO_VENUES);
  const links: { concert_id: number; band_id: number }[] = [];
  // One insert per concert keeps each id paired with its bands without relying on RETURNING order.
  for (const concert of planned) {
    const id = await insertConcert(trx, {
      day: concert.day,
      hour: concert.hour,
      venue: concert.venue.name,
      venue_id: concert.venue.id,
      genre: concert.bands[0].genres[0],
      price: concert.price,
      bandname: bandnameOf(concert.bands),
      concert_description: concert.description,
      image_url: null,
      user_id: adminId,
    });
    for (const band of concert.bands) {
      const bandId = bandIds.get(band.name.toLowerCase());
      if (bandId !== undefined) links.push({ concert_id: id, band_id: bandId });
    }
  }
  await insertConcertBands(trx, links);
  return planned.length;
}

/**
 * Idempotent: venues are upserted, bands and users only added when missing, and the concerts are
 * created only while the demo admin owns none, so running it again (any day) duplicates nothing.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<DemoSeedResult> {
  const passwordCost = options.passwordCost ?? 10;
  const today = madridDateTime(options.clock()).day;
  const users = options.randomPasswords
    ? USERS.map((user) => ({
        ...user,
        signIn: { ...user.signIn, password: randomBytes(12).toString('base64url') },
      }))
    : USERS;
  const createdEmails: string[] = [];
  const created = await db.transaction().execute(async (trx) => {
    await lockForSeeding(trx, SEED_LOCK);
    await upsertVenues(trx, DEMO_VENUES);
    const bandIds = await ensureBands(trx);
    const accounts = await Promise.all(users.map((user) => ensureUser(trx, user, passwordCost)));
    users.forEach((user, i) => {
      if (accounts[i]!.created) createdEmails.push(user.signIn.email);
    });
    const adminId = accounts[0]!.id;
    if (await ownsAnyConcert(trx, adminId)) return 0;
    return createConcerts(trx, today, adminId, bandIds);
  });
  options.log.info(
    { venues: DEMO_VENUES.length, bands: DEMO_BANDS.length, concerts: created, today },
    created > 0
      ? 'Datos de demostración creados'
      : 'Los datos de demostración ya existían: no se crean conciertos nuevos',
  );
  return {
    seeded: created > 0,
    admin: { ...users[0]!.signIn },
    fan: { ...users[1]!.signIn },
    created: createdEmails,
  };
}

/** True when nobody has signed up and no concert exists: a brand-new installation. */
export { isDatabaseEmpty };
