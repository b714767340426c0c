// Fans and upcoming concerts for the recommendation benchmarks, WITHOUT any recommendation rows:
// generateDataset() always writes every fan × concert score, and these benchmarks time the
// writing of those scores themselves. Same seeded rows as generateDataset (dataset-rows.ts).
import { sql } from 'kysely';
import { hashPassword } from '../../server/accounts/password.js';
import type { Database } from '../../server/db/database.js';
import { createRandom } from '../../server/demo/random.js';
import { DEMO_VENUES } from '../../server/demo/venues.js';
import { madridDateTime, systemClock } from '../../server/lib/time.js';
import { generateBands, generateConcerts, generateUsers } from './dataset-rows.js';
import {
  ensureVenues,
  insertBands,
  insertConcerts,
  insertOwner,
  insertUsers,
  reserveIds,
} from './dataset-sql.js';

const USERS_PER_STATEMENT = 5_000;

export interface FansAndConcerts {
  userIds: string[];
  concertIds: number[];
}

export async function insertFansAndConcerts(
  db: Database,
  options: { users: number; concerts: number; seed?: string },
): Promise<FansAndConcerts> {
  const random = createRandom(`bench:${options.seed ?? 'recommendations'}`);
  const today = madridDateTime(systemClock()).day;
  // Nobody signs in here: the cheapest bcrypt cost.
  const passwordHash = await hashPassword('bench-password-1234', 4);
  const bands = generateBands(
    random,
    await reserveIds(db, 'bands', Math.max(36, options.concerts)),
  );
  const users = generateUsers(random, options.users, bands.length);
  const concerts = generateConcerts(random, await reserveIds(db, 'concerts', options.concerts), {
    today,
    bands,
    venues: DEMO_VENUES,
    maxBands: 3,
  });
  const ownerId = await insertOwner(db, passwordHash);
  for (let i = 0; i < users.length; i += USERS_PER_STATEMENT) {
    await insertUsers(db, users.slice(i, i + USERS_PER_STATEMENT), bands, passwordHash);
  }
  await ensureVenues(db);
  await insertBands(db, bands);
  await insertConcerts(db, concerts, bands, ownerId);
  await sql`ANALYZE users, bands, concerts, concert_band, user_concert_recommendations`.execute(db);
  return { userIds: users.map((u) => u.userId), concertIds: concerts.map((c) => c.id) };
}
