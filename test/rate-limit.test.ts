import { sql } from 'kysely';
import { hit, pruneRateLimits } from '../server/security/rate-limit.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('rate-limit counters', () => {
  it('count hits in a window and say how long to wait once over the limit', async () => {
    expect(await hit(database.db, 'test:a', 2, 60)).toBe(0);
    expect(await hit(database.db, 'test:a', 2, 60)).toBe(0);
    const wait = await hit(database.db, 'test:a', 2, 60);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('pruning removes only expired counters', async () => {
    await hit(database.db, 'test:fresh', 5, 60);
    await database.db
      .insertInto('rate_limits')
      .values({ key: 'test:old', hits: 3, reset_at: sql<Date>`now() - interval '1 minute'` })
      .execute();
    await pruneRateLimits(database.db);
    const keys = (await database.db.selectFrom('rate_limits').select('key').execute()).map(
      (r) => r.key,
    );
    expect(keys).toContain('test:fresh');
    expect(keys).not.toContain('test:old');
  });
});
