import { sql } from 'kysely';
import { GENRES } from '../common/genres/genres.js';
import { verifyPassword } from '../server/accounts/password.js';
import type { Database } from '../server/db/database.js';
import { DEMO_BANDS } from '../server/demo/bands.js';
import { planDemoConcerts } from '../server/demo/concerts.js';
import { isDatabaseEmpty, seedDemoData } from '../server/demo/seed.js';
import { DEMO_VENUES } from '../server/demo/venues.js';
import { createLogger } from '../server/lib/logger.js';
import { addDays } from '../server/lib/time.js';
import { createTestDatabase } from './helpers/db.js';

// 10:00 UTC is 11:00 in Mallorca: "today" is 2026-11-21 there.
const clock = () => new Date('2026-11-21T10:00:00Z');
const today = '2026-11-21';
const log = createLogger('silent');

let db: Database;
let destroy: () => Promise<void>;

interface Counts {
  venues: number;
  bands: number;
  concerts: number;
  links: number;
  users: number;
}

async function counts(): Promise<Counts> {
  const { rows } = await sql<Counts>`
    SELECT (SELECT count(*)::int FROM venues) AS venues,
           (SELECT count(*)::int FROM bands) AS bands,
           (SELECT count(*)::int FROM concerts) AS concerts,
           (SELECT count(*)::int FROM concert_band) AS links,
           (SELECT count(*)::int FROM users) AS users
  `.execute(db);
  return rows[0]!; // a SELECT without FROM returns exactly one row
}

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
});

afterAll(async () => {
  await destroy();
});

describe('seedDemoData', () => {
  it('reports a fresh database as empty before seeding', async () => {
    await expect(isDatabaseEmpty(db)).resolves.toBe(true);
  });

  it('creates the venues, bands, concerts and demo accounts', async () => {
    const result = await seedDemoData(db, { clock, log, passwordCost: 4 });

    expect(result.seeded).toBe(true);
    expect(result.admin).toEqual({ email: 'admin@demo.local', password: 'demo-admin-1234' });
    expect(result.fan).toEqual({ email: 'fan@demo.local', password: 'demo-fan-1234' });
    await expect(isDatabaseEmpty(db)).resolves.toBe(false);

    const total = await counts();
    expect(total.venues).toBe(22);
    expect(total.bands).toBeGreaterThanOrEqual(36);
    expect(total.concerts).toBeGreaterThanOrEqual(50);
    expect(total.users).toBe(2);
  });

  it('gives every genre at least two bands', async () => {
    const bands = await db.selectFrom('bands').select('band_genres').execute();
    for (const genre of GENRES) {
      const count = bands.filter((band) => band.band_genres.includes(genre)).length;
      expect({ genre, atLeastTwo: count >= 2 }).toEqual({ genre, atLeastTwo: true });
    }
  });

  it("gives every concert a genre one of its bands plays (reasons name the concert's genre)", async () => {
    const { rows } = await sql<{ id: number; genre: string; band_genres: string[] }>`
      SELECT c.id, c.genre, coalesce(array_agg(g) FILTER (WHERE g IS NOT NULL), '{}') AS band_genres
      FROM concerts c
      LEFT JOIN concert_band cb ON cb.concert_id = c.id
      LEFT JOIN bands b ON b.id = cb.band_id
      LEFT JOIN LATERAL unnest(b.band_genres) AS g ON true
      GROUP BY c.id, c.genre
    `.execute(db);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    const incoherent = rows.filter((row) => !row.band_genres.includes(row.genre));
    expect(incoherent).toEqual([]);
  });

  it('dates every concert within the next 8 weeks, with some today or tomorrow', async () => {
    const concerts = await db
      .selectFrom('concerts')
      .select(['day', 'hour', 'venue', 'venue_id', 'genre', 'price', 'bandname'])
      .execute();
    const last = addDays(today, 56);
    for (const concert of concerts) {
      expect(concert.day >= today && concert.day <= last).toBe(true);
      expect(GENRES).toContain(concert.genre);
      expect(concert.price).toMatch(/^\d+\.\d{2}$/);
    }
    const soon = concerts.filter((c) => c.day === today || c.day === addDays(today, 1));
    expect(soon.length).toBeGreaterThanOrEqual(2);

    const venues = await db.selectFrom('venues').select(['id', 'name']).execute();
    const venueName = new Map(venues.map((venue) => [venue.id, venue.name]));
    for (const concert of concerts) expect(concert.venue).toBe(venueName.get(concert.venue_id));
  });

  it('includes free concerts and concerts with several bands', async () => {
    const free = await db
      .selectFrom('concerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('price', '=', '0')
      .executeTakeFirstOrThrow();
    expect(Number(free.n)).toBeGreaterThan(0);

    const { rows: multi } = await sql<{ bandname: string; names: string[] }>`
      SELECT c.bandname, array_agg(b.band_name ORDER BY b.band_name) AS names
      FROM concerts c
      JOIN concert_band cb ON cb.concert_id = c.id
      JOIN bands b ON b.id = cb.band_id
      GROUP BY c.id
      HAVING count(*) > 1
    `.execute(db);
    expect(multi.length).toBeGreaterThan(0);
    for (const row of multi) {
      expect(row.bandname.split(' + ').sort()).toEqual([...row.names].sort());
    }
  });

  it('makes the demo admin an admin and the demo fan not', async () => {
    const users = await db
      .selectFrom('users')
      .select(['email', 'is_admin', 'onboarding_completed', 'password_hash', 'user_id'])
      .orderBy('email')
      .execute();
    const admin = users.find((user) => user.email === 'admin@demo.local');
    const fan = users.find((user) => user.email === 'fan@demo.local');
    expect(admin?.is_admin).toBe(true);
    expect(fan?.is_admin).toBe(false);
    expect(fan?.onboarding_completed).toBe(true);
    await expect(verifyPassword('demo-admin-1234', admin?.password_hash ?? '')).resolves.toBe(true);

    const owners = await db.selectFrom('concerts').select('user_id').distinct().execute();
    expect(owners).toEqual([{ user_id: admin?.user_id }]);
  });

  it('duplicates nothing when run again, even on another day', async () => {
    const before = await counts();

    const again = await seedDemoData(db, { clock, log, passwordCost: 4 });
    const laterClock = () => new Date('2026-11-25T20:00:00Z');
    const later = await seedDemoData(db, { clock: laterClock, log, passwordCost: 4 });

    expect(again.seeded).toBe(false);
    expect(later.seeded).toBe(false);
    await expect(counts()).resolves.toEqual(before);
  });
});

describe('seedDemoData in production (DEMO_DATA=true)', () => {
  /** Seeds a fresh database with random passwords; returns what would be printed and the hashes. */
  async function seedWithRandomPasswords() {
    const fresh = await createTestDatabase();
    try {
      const result = await seedDemoData(fresh.db, {
        clock,
        log,
        passwordCost: 4,
        randomPasswords: true,
      });
      const again = await seedDemoData(fresh.db, {
        clock,
        log,
        passwordCost: 4,
        randomPasswords: true,
      });
      const hashes = await fresh.db
        .selectFrom('users')
        .select(['email', 'password_hash'])
        .orderBy('email')
        .execute();
      return { result, again, hashes };
    } finally {
      await fresh.destroy();
    }
  }

  it('gives each demo account a random password, told once, instead of the documented one', async () => {
    const first = await seedWithRandomPasswords();
    const second = await seedWithRandomPasswords();
    const { admin, fan } = first.result;
    expect(admin.email).toBe('admin@demo.local');
    expect(admin.password).not.toBe('demo-admin-1234');
    expect(fan.password).not.toBe('demo-fan-1234');
    expect(admin.password.length).toBeGreaterThanOrEqual(16);
    // Random per installation, not a second constant.
    expect(second.result.admin.password).not.toBe(admin.password);
    expect(first.result.created.sort()).toEqual(['admin@demo.local', 'fan@demo.local']);

    const hashOf = (email: string) =>
      first.hashes.find((row) => row.email === email)?.password_hash ?? '';
    await expect(verifyPassword(admin.password, hashOf('admin@demo.local'))).resolves.toBe(true);
    await expect(verifyPassword('demo-admin-1234', hashOf('admin@demo.local'))).resolves.toBe(
      false,
    );
    await expect(verifyPassword(fan.password, hashOf('fan@demo.local'))).resolves.toBe(true);
    // A second run makes no account, so it has no password to tell.
    expect(first.again.created).toEqual([]);
  });
});

describe('planDemoConcerts', () => {
  it('plans the same programme for the same day and another for another day', () => {
    const plan = (day: string) => planDemoConcerts(day, DEMO_BANDS, DEMO_VENUES);
    expect(plan(today)).toEqual(plan(today));
    expect(plan(addDays(today, 1))).not.toEqual(plan(today));
  });

  it('puts every band on the bill at least once', () => {
    const concerts = planDemoConcerts(today, DEMO_BANDS, DEMO_VENUES);
    const playing = new Set(concerts.flatMap((concert) => concert.bands.map((band) => band.name)));
    expect(playing.size).toBe(DEMO_BANDS.length);
  });
});
