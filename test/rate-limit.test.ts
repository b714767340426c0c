import { sql } from 'kysely';
import { hit, hitAll, pruneRateLimits } from '../server/security/rate-limit.js';
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

  it('count several counters in one go, each against its own limit', async () => {
    const counters = [
      { key: 'test:ip', limit: 3, windowSeconds: 60 },
      { key: 'test:email', limit: 1, windowSeconds: 30 },
    ];
    expect(await hitAll(database.db, counters)).toBe(0);
    const wait = await hitAll(database.db, counters); // the email counter is over
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    const { rows } = await sql<{ key: string; hits: number }>`
      SELECT key, hits FROM rate_limits WHERE key IN ('test:email', 'test:ip') ORDER BY key`.execute(
      database.db,
    );
    expect(rows).toEqual([
      { key: 'test:email', hits: 2 },
      { key: 'test:ip', hits: 2 },
    ]);
  });

  it('never deadlock when many requests hit the same counters at once', async () => {
    const counters = (i: number) =>
      i % 2
        ? [
            { key: 'test:x', limit: 1000, windowSeconds: 60 },
            { key: 'test:y', limit: 1000, windowSeconds: 60 },
          ]
        : [
            { key: 'test:y', limit: 1000, windowSeconds: 60 },
            { key: 'test:x', limit: 1000, windowSeconds: 60 },
          ];
    await Promise.all(Array.from({ length: 40 }, (_, i) => hitAll(database.db, counters(i))));
    const { rows } = await sql<{ hits: number }>`
      SELECT hits FROM rate_limits WHERE key IN ('test:x', 'test:y')`.execute(database.db);
    expect(rows.map((r) => r.hits)).toEqual([40, 40]);
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
