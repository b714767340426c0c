// Test data builders: each fills sensible defaults and lets a test override what it cares about.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/database.js';
import type { ConcertToScore } from '../../server/recommendations/engine.js';

const unique = () => randomBytes(4).toString('hex');

export interface UserOverrides {
  email?: string;
  name?: string | null;
  password_hash?: string | null;
  top_genres?: string[];
  disliked_genres?: string[];
  top_artists?: string[];
  onboarding_completed?: boolean;
  is_admin?: boolean;
  is_subscribed?: boolean;
  /** The mail the day before the fan's concerts (off unless asked for). */
  show_reminders?: boolean;
  /** Mails about a liked concert that changed (on unless told). */
  change_notices?: boolean;
  /** Verified by default (a typical fan); null for an address never verified. */
  email_verified_at?: Date | null;
  alert_frequency?: 'instant' | 'daily' | 'never';
  /** The fan's saved language (null: Spanish). */
  locale?: 'es' | 'ca' | null;
}

export async function createUser(db: Database, overrides: UserOverrides = {}) {
  return db
    .insertInto('users')
    .values({
      email: `fan-${unique()}@example.com`,
      name: 'Fan de prueba',
      top_genres: ['Rock'],
      onboarding_completed: true,
      email_verified_at: new Date(),
      ...overrides,
    })
    .returning(['user_id', 'email', 'is_admin'])
    .executeTakeFirstOrThrow();
}

export async function createBand(
  db: Database,
  overrides: { band_name?: string; band_genres?: string[]; band_spotify_url?: string | null } = {},
) {
  return db
    .insertInto('bands')
    .values({ band_name: `Banda ${unique()}`, band_genres: ['Rock'], ...overrides })
    .returning(['id', 'band_name'])
    .executeTakeFirstOrThrow();
}

export interface ConcertOverrides {
  day?: string;
  hour?: string;
  venue?: string;
  venue_id?: number;
  genre?: string;
  price?: string;
  bandname?: string | null;
  bandIds?: number[];
}

export async function createConcert(db: Database, overrides: ConcertOverrides = {}) {
  const { bandIds = [], ...values } = overrides;
  const concert = await db
    .insertInto('concerts')
    .values({
      day: '2030-01-01',
      hour: '21:00',
      venue: 'Es Gremi',
      venue_id: 1,
      genre: 'Rock',
      price: '15.00',
      ...values,
    })
    .returning(['id', 'day', 'hour'])
    .executeTakeFirstOrThrow();
  if (bandIds.length > 0) {
    await db
      .insertInto('concert_band')
      .values(bandIds.map((band_id) => ({ concert_id: concert.id, band_id })))
      .execute();
  }
  return concert;
}

/** A concert on `day` at `hour` (Madrid time): for what is upcoming, and in what order. */
export const createConcertAt = (
  db: Database,
  day: string,
  hour: string,
  overrides: ConcertOverrides = {},
) => createConcert(db, { day, hour, ...overrides });

/** A concert as the engines receive it: a Rock night with one Rock band named after its id. */
export const concertToScore = (id: number, over: Partial<ConcertToScore> = {}): ConcertToScore => ({
  id,
  day: '2030-06-01',
  hour: '21:30:00',
  genre: 'Rock',
  name: null,
  description: null,
  bands: [{ name: `Banda ${id}`, genres: ['Rock'] }],
  ...over,
});

/** A venue of the managed list. */
export async function createVenue(
  db: Database,
  overrides: { name?: string; town?: string; address?: string | null } = {},
) {
  return db
    .insertInto('venues')
    .values({ name: `Sala ${unique()}`, town: 'Palma', ...overrides })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}
