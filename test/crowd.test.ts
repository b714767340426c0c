// A crowd never exhausts the database pool: many fans onboarding at once on a pool of 3
// connections all end up fully scored while /readyz keeps answering; runs wait their turn in order
// of arrival and never more of them hold a connection than the pool's budget allows; a request that
// cannot get a connection answers 503 with Retry-After instead of hanging.
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { connectDatabase } from '../server/db/database.js';
import { heldConnectionBound, heldConnectionSlots } from '../server/db/held-connections.js';
import { createLogger } from '../server/lib/logger.js';
import { builtinEngine } from '../server/recommendations/builtin-engine.js';
import type { RecommendationEngine } from '../server/recommendations/engine.js';
import { createOpenAiEngine } from '../server/recommendations/openai-engine.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { freePort } from './helpers/app-process.js';
import { eventually } from './helpers/eventually.js';
import { createConcert, createUser } from './helpers/factories.js';
import {
  rateEvery,
  startFakeOpenAi,
  userMessageOf,
  type FakeOpenAi,
} from './helpers/fake-openai.js';

const POOL_SIZE = 3;
const FANS = 20;
const CONCERTS = 7;
/** Every wait of this file is bounded: a regression fails here, it does not hang jest. */
const CROWD_DEADLINE_MS = 60_000;
const BUSY_MESSAGE = 'El servidor está muy ocupado. Vuelve a intentarlo en unos segundos.';

const database = useTestDatabase({ poolSize: POOL_SIZE, cleared: ['users', 'rate_limits'] });
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  for (let i = 0; i < CONCERTS; i += 1) {
    await createConcert(database.db, {
      day: `2026-12-${String(1 + i).padStart(2, '0')}`,
      genre: ['Rock', 'Jazz', 'Pop'][i % 3],
    });
  }
  // A past concert is never scored.
  await createConcert(database.db, { day: '2026-11-01' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const clock = fixedClock('2026-11-21T10:00:00Z');
const log = createLogger('silent');
const bound = heldConnectionBound(POOL_SIZE);

/** The fan a prompt is about: each crowd fan has one artist of their own. */
const fanOf = (body: string) => /Artistas favoritos: (Artista \d+)/.exec(body)?.[1] ?? '?';

/** Signs up (each from their own address) and onboards; resolves with the new user id. */
async function signUpAndOnboard(app: Express, i: number): Promise<string> {
  const agent = request.agent(app);
  const address = `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const registered = await agent
    .post('/api/auth/register')
    .set('X-Forwarded-For', address)
    .send({
      email: `multitud-${i}-${randomBytes(3).toString('hex')}@example.com`,
      password: randomBytes(18).toString('base64url'),
    })
    .timeout(CROWD_DEADLINE_MS);
  expect(registered.status).toBe(201);
  const onboarded = await agent
    .put('/api/profile/onboarding')
    .set('X-Forwarded-For', address)
    .send({ topGenres: ['Rock'], dislikedGenres: ['Pop'], topArtists: [`Artista ${i}`] })
    .timeout(CROWD_DEADLINE_MS);
  expect(onboarded.status).toBe(200);
  return registered.body.user.id as string;
}

/** Probes /readyz until `done` resolves; every answer is collected (none may hang or fail). */
async function probeWhile(app: Express, done: Promise<unknown>) {
  const statuses: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  await eventually(async () => {
    // A probe that fails or hangs is recorded as 0 (eventually() would otherwise retry it).
    const res = await request(app)
      .get('/readyz')
      .timeout(CROWD_DEADLINE_MS)
      .catch(() => undefined);
    statuses.push(res?.status ?? 0);
    return finished;
  }, CROWD_DEADLINE_MS);
  return statuses;
}

async function fullyScored(userIds: string[]) {
  const rows = await database.db
    .selectFrom('users')
    .leftJoin('user_concert_recommendations as r', 'r.user_id', 'users.user_id')
    .select(({ fn }) => [
      'users.user_id',
      'users.needs_recommendation',
      fn.count<string>('r.score').as('scored'),
    ])
    .where('users.user_id', 'in', userIds)
    .groupBy(['users.user_id', 'users.needs_recommendation'])
    .execute();
  expect(rows).toHaveLength(userIds.length);
  for (const row of rows) {
    expect(Number(row.scored)).toBe(CONCERTS);
    expect(row.needs_recommendation).toBe(false);
  }
}

async function crowd(engine: RecommendationEngine) {
  const { app, recommendations } = createTestApp({
    database,
    clock,
    engine,
    env: { TRUST_PROXY: '1' },
  });
  const everyone = (async () => {
    const userIds = await Promise.all(
      Array.from({ length: FANS }, (_, i) => signUpAndOnboard(app, i)),
    );
    await eventually(() => fullyScored(userIds), CROWD_DEADLINE_MS);
    return userIds;
  })();
  const [userIds, readyStatuses] = await Promise.all([everyone, probeWhile(app, everyone)]);
  await recommendations.idle();
  return { userIds, readyStatuses };
}

describe('a crowd of fans onboarding at once on a pool of 3', () => {
  it('with the built-in engine: everyone is fully scored and /readyz keeps answering', async () => {
    const { userIds, readyStatuses } = await crowd(builtinEngine);
    expect(userIds).toHaveLength(FANS);
    expect(readyStatuses.length).toBeGreaterThan(0);
    expect(readyStatuses.every((status) => status === 200)).toBe(true);
    // Never more runs holding a connection than the budget: half the pool, here 1.
    expect(bound).toBe(1);
    expect(heldConnectionSlots(database.pool).peak).toBeLessThanOrEqual(bound);
  });

  it('with a slow AI: everyone is fully scored, one fan in the AI at a time', async () => {
    // The AI takes 40 ms per call; the fans whose batches are in flight are counted as they go.
    const inFlight = new Map<string, number>();
    let mostFansAtOnce = 0;
    fake.setResponder(async (chat) => {
      const fan = fanOf(userMessageOf(chat));
      inFlight.set(fan, (inFlight.get(fan) ?? 0) + 1);
      mostFansAtOnce = Math.max(mostFansAtOnce, inFlight.size);
      await new Promise((resolve) => setTimeout(resolve, 40));
      const left = inFlight.get(fan)! - 1;
      if (left === 0) inFlight.delete(fan);
      else inFlight.set(fan, left);
      return rateEvery()(chat);
    });
    const engine = createOpenAiEngine({
      apiKey: 'clave-de-prueba',
      baseUrl: fake.baseUrl,
      model: 'modelo-de-prueba',
      batchSize: 3,
      concurrency: 4,
      timeoutMs: 5000,
      log,
    });
    const { readyStatuses } = await crowd(engine);
    expect(readyStatuses.every((status) => status === 200)).toBe(true);
    // 7 concerts in batches of 3: 3 calls per fan, all answered by the AI.
    expect(fake.calls).toBe(FANS * 3);
    const engines = await database.db
      .selectFrom('user_concert_recommendations')
      .select('engine')
      .distinct()
      .execute();
    expect(engines).toEqual([{ engine: 'openai' }]);
    expect(mostFansAtOnce).toBeGreaterThan(0);
    expect(mostFansAtOnce).toBeLessThanOrEqual(bound);
    expect(heldConnectionSlots(database.pool).peak).toBeLessThanOrEqual(bound);
  });
});

describe('the run queue', () => {
  it('starts runs in the order they were asked for, never more at once than the bound', async () => {
    const started: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const engine: RecommendationEngine = {
      ...builtinEngine,
      async scoreBatch(taste, concerts) {
        const fan = taste.topArtists[0]!;
        if (!started.includes(fan)) started.push(fan);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return builtinEngine.scoreBatch(taste, concerts);
      },
    };
    // One batch per fan, so a fan's batches never overlap each other.
    const wholeRun = { ...engine, batchSize: CONCERTS };
    const { recommendations } = createTestApp({ database, clock, engine: wholeRun });
    const fans = [];
    for (let i = 0; i < 12; i += 1) {
      fans.push(await createUser(database.db, { top_artists: [`Artista ${i}`] }));
    }
    for (const fan of fans) void recommendations.kick(fan.user_id);
    await recommendations.idle();
    expect(started).toEqual(fans.map((_, i) => `Artista ${i}`));
    expect(mostAtOnce).toBeLessThanOrEqual(bound);
    expect(heldConnectionSlots(database.pool).peak).toBeLessThanOrEqual(bound);
    await fullyScored(fans.map((fan) => fan.user_id));
  });
});

describe('a starved pool', () => {
  it('a request that gets no connection answers 503 with Retry-After; /readyz reports it', async () => {
    // Its own small pool with a short wait, every connection of it held by the test.
    const starved = connectDatabase(database.url, POOL_SIZE, 300);
    const { app } = createTestApp({ database: starved });
    const held = await Promise.all(Array.from({ length: POOL_SIZE }, () => starved.pool.connect()));
    try {
      const res = await request(app).get('/api/concerts/carousel').timeout(10_000);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ error: { code: 'server_busy', message: BUSY_MESSAGE } });

      const ready = await request(app).get('/readyz').timeout(10_000);
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.body).toMatchObject({
        status: 'unavailable',
        reason: 'pool_exhausted',
        pool: { size: POOL_SIZE, inUse: POOL_SIZE },
        error: {
          code: 'database_busy',
          message: 'Todas las conexiones a la base de datos están ocupadas.',
        },
      });
    } finally {
      for (const client of held) client.release();
    }
    await request(app)
      .get('/readyz')
      .timeout(10_000)
      .expect(200, { status: 'ok', jobs: 'off', changeFeed: 'off' });
    await request(app).get('/api/concerts/carousel').timeout(10_000).expect(200);
    await starved.close();
  });

  it('a database that cannot be reached answers 503 with Retry-After, in Spanish, not a 500', async () => {
    // A port nothing listens on: every connection is refused, as when PostgreSQL is down.
    const down = new URL(database.url);
    down.port = String(await freePort());
    const unreachable = connectDatabase(down.toString(), POOL_SIZE, 2_000);
    const { app } = createTestApp({ database: unreachable });
    for (const path of ['/api/concerts/carousel', '/api/concerts']) {
      const res = await request(app).get(path).timeout(10_000);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({
        error: {
          code: 'database_unavailable',
          message:
            'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
        },
      });
    }
    await unreachable.close();
  });

  it('a run that finds the pool busy waits its turn and finishes once connections free up', async () => {
    const starved = connectDatabase(database.url, POOL_SIZE, 300);
    const { app, recommendations } = createTestApp({ database: starved, clock });
    const fan = await createUser(database.db);
    const held = await Promise.all(Array.from({ length: POOL_SIZE }, () => starved.pool.connect()));
    let run: Promise<void> | undefined;
    try {
      run = recommendations.kick(fan.user_id);
      await eventually(() => starved.pool.waitingCount > 0, 10_000);
      // Queued after the run's request for a connection, so the run's wait timed out first.
      const res = await request(app).get('/api/concerts/carousel').timeout(10_000);
      expect(res.status).toBe(503);
    } finally {
      for (const client of held) client.release();
    }
    await run;
    await fullyScored([fan.user_id]);
    await starved.close();
  });
});
