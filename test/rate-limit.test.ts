import { sql } from 'kysely';
import request from 'supertest';
import { clientAddressKey, hit, hitAll, pruneRateLimits } from '../server/security/rate-limit.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';

const database = useTestDatabase();

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

describe('the address an IP-keyed limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    // An IPv4 client on a dual-stack socket, or through a proxy speaking IPv6.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2:3:4:198.51.100.1', '2001:db8:1:2::/64'],
    [undefined, 'unknown'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});

describe('IP limits over HTTP behind one proxy (TRUST_PROXY=1)', () => {
  // POST /api/auth/recover allows 10 requests per address and 15 minutes.
  const recover = (app: Parameters<typeof request>[0], from: string, n: number) =>
    request(app)
      .post('/api/auth/recover')
      .set('X-Forwarded-For', `198.51.100.200, ${from}`) // the client's own claim comes first
      .send({ email: `nadie-${n}-${from.replace(/[^\w]/g, '')}@example.com` });

  beforeEach(() => database.db.deleteFrom('rate_limits').execute());

  it('counts an IPv6 client by its /64: the same /64 shares a counter, another /64 does not', async () => {
    const { app } = createTestApp({ database, env: { TRUST_PROXY: '1' } });
    for (let i = 1; i <= 10; i += 1) {
      // Ten different addresses of one /64.
      await recover(app, `2001:db8:aa:bb::${i.toString(16)}`, i).expect(200);
    }
    const sameNetwork = await recover(app, '2001:db8:aa:bb:ffff:1:2:3', 11);
    expect(sameNetwork.status).toBe(429);
    expect(sameNetwork.headers['retry-after']).toBeDefined();
    await recover(app, '2001:db8:aa:bc::1', 12).expect(200);
    // The client-written first entry is ignored: only the proxy's is trusted.
    const { rows } = await sql<{ key: string; hits: number }>`
      SELECT key, hits FROM rate_limits WHERE key LIKE 'recover-ip:%' ORDER BY key`.execute(
      database.db,
    );
    expect(rows).toEqual([
      { key: 'recover-ip:2001:db8:aa:bb::/64', hits: 11 },
      { key: 'recover-ip:2001:db8:aa:bc::/64', hits: 1 },
    ]);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const { app } = createTestApp({ database, env: { TRUST_PROXY: '1' } });
    for (let i = 1; i <= 10; i += 1) {
      await recover(app, i % 2 ? '192.0.2.33' : '::ffff:192.0.2.33', i).expect(200);
    }
    await recover(app, '::ffff:192.0.2.33', 11).expect(429);
    await recover(app, '192.0.2.34', 12).expect(200);
  });
});
