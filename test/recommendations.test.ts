import request from 'supertest';
import type { ConcertToScore, RecommendationEngine } from '../server/recommendations/engine.js';
import { builtinEngine } from '../server/recommendations/builtin-engine.js';
import { generateForUser } from '../server/recommendations/generator.js';
import { createLogger } from '../server/lib/logger.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createBand, createConcert } from './helpers/factories.js';
import { createLatch, type Latch } from './helpers/latch.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({
  poolSize: 20,
  cleared: ['concerts', 'bands', 'users', 'rate_limits'],
});

const clock = fixedClock('2026-11-21T10:00:00Z');
const log = createLogger('silent');

/**
 * An engine that records what it was asked. With a latch, every batch waits on it: the test decides
 * when each batch finishes, so what it sees in between is the order of events, not the clock's.
 */
function recordingEngine(latch?: Latch, batchSize = 3, concurrency = 2) {
  const seen: number[] = [];
  const engine: RecommendationEngine = {
    name: 'builtin',
    batchSize,
    concurrency,
    async scoreBatch(taste, concerts: ConcertToScore[]) {
      seen.push(...concerts.map((c) => c.id));
      await latch?.wait();
      return builtinEngine.scoreBatch(taste, concerts);
    },
  };
  return { engine, seen };
}

async function fanWithConcerts(count: number, locale: 'ca' | null = null) {
  const { app, recommendations } = createTestApp({ database, clock });
  const fan = await signedInAgent(app, database.db, {
    locale,
    top_genres: ['Rock'],
    disliked_genres: ['Reggaetón'],
    top_artists: ['Sa Fósca'],
  });
  const favourite = await createBand(database.db, { band_name: 'sa fosca', band_genres: ['Rock'] });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const concert = await createConcert(database.db, {
      day: `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`,
      genre: ['Rock', 'Indie', 'Reggaetón', 'Flamenco'][i % 4],
      bandIds: i === 0 ? [favourite.id] : [],
    });
    ids.push(concert.id);
  }
  // A past concert is never scored.
  await createConcert(database.db, { day: '2026-11-20' });
  return { app, recommendations, fan, ids };
}

describe('generation for one fan', () => {
  it('scores every future concert with the built-in rules and clears needs_recommendation', async () => {
    const { recommendations, fan, ids } = await fanWithConcerts(8);
    await fan.agent.post('/api/recommendations/generate').expect(202);
    await recommendations.idle();
    const rows = await database.db
      .selectFrom('user_concert_recommendations')
      .select(['concert_id', 'score', 'reason', 'engine'])
      .where('user_id', '=', fan.userId)
      .execute();
    expect(rows.map((r) => r.concert_id).sort((a, b) => a - b)).toEqual(ids);
    const byId = new Map(rows.map((r) => [r.concert_id, r]));
    expect(byId.get(ids[0]!)?.score).toBe('extreme');
    expect(byId.get(ids[1]!)?.score).toBe('medium'); // Indie, close to Rock
    expect(byId.get(ids[2]!)?.score).toBe('low'); // Reggaetón, disliked
    expect(rows.every((r) => r.reason && r.engine === 'builtin')).toBe(true);
    const progress = await fan.agent.get('/api/recommendations/progress').expect(200);
    expect(progress.body).toEqual({ total: 8, scored: 8, running: false });
  });

  it("writes the built-in reasons in the fan's saved language", async () => {
    const { recommendations, fan, ids } = await fanWithConcerts(4, 'ca');
    await fan.agent.post('/api/recommendations/generate').expect(202);
    await recommendations.idle();
    const rows = await database.db
      .selectFrom('user_concert_recommendations')
      .select(['concert_id', 'reason'])
      .where('user_id', '=', fan.userId)
      .execute();
    const reasonOf = (id: number) => rows.find((r) => r.concert_id === id)?.reason ?? '';
    expect(reasonOf(ids[0]!)).toMatch(/preferits|aquest és el teu concert/);
    expect(reasonOf(ids[1]!)).toMatch(/t’agrada/);
    expect(reasonOf(ids[2]!)).toMatch(/evitar|no t’agrada/);
    expect(rows.map((r) => r.reason).join(' ')).not.toMatch(/concierto|favoritos|te gusta/);
  });

  it('answers at once, then fills in batch by batch', async () => {
    const { fan } = await fanWithConcerts(9);
    const latch = createLatch();
    const { engine } = recordingEngine(latch, 3, 1);
    const slow = createTestApp({ database, clock, engine });
    const cookie = await sessionCookie(fan.email);
    const progress = async () =>
      (await request(slow.app).get('/api/recommendations/progress').set('Cookie', cookie)).body;

    // The answer comes while the first batch is still held by the engine: it did not wait for work.
    const res = await request(slow.app).post('/api/recommendations/generate').set('Cookie', cookie);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ total: 9, scored: 0, running: true });
    await eventually(() => latch.waiting === 1);

    // Each released batch shows up in the progress before the next one is let through: 3, 6, 9.
    for (const scored of [3, 6]) {
      latch.releaseHeld();
      await eventually(async () =>
        expect(await progress()).toEqual({ total: 9, scored, running: true }),
      );
      await eventually(() => latch.waiting === 1);
    }
    latch.releaseHeld();
    await slow.recommendations.idle();
    expect(await progress()).toEqual({ total: 9, scored: 9, running: false });
  });

  it('two simultaneous generations (two instances) score each concert once', async () => {
    const { fan } = await fanWithConcerts(12);
    // Both engines hold their batches until one run has given up (or, if the lock failed, until
    // both are scoring at once): the two runs overlap for sure.
    const latch = createLatch();
    const first = recordingEngine(latch);
    const second = recordingEngine(latch);
    const deps = { db: database.db, pool: database.pool, clock, log };
    const finished: boolean[] = [];
    const runs = [first, second].map((recorder) =>
      generateForUser({ ...deps, engine: recorder.engine }, fan.userId).then((scored) => {
        finished.push(scored);
        return scored;
      }),
    );
    await eventually(
      () => finished.length > 0 || (first.seen.length > 0 && second.seen.length > 0),
    );
    latch.open();
    const [a, b] = await Promise.all(runs);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const all = [...first.seen, ...second.seen];
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
  });

  it('a taste change recomputes future scores and keeps likes and feedback', async () => {
    const { recommendations, fan, ids } = await fanWithConcerts(4);
    await fan.agent.post('/api/recommendations/generate').expect(202);
    await recommendations.idle();
    const flamenco = ids[3]!;
    await fan.agent.put(`/api/concerts/${flamenco}/like`).send({ liked: true }).expect(200);
    await fan.agent.put(`/api/concerts/${flamenco}/feedback`).send({ feedback: -1 }).expect(200);
    const before = await scoreOf(fan.userId, flamenco);
    expect(before?.score).toBe('low');

    await fan.agent
      .patch('/api/profile')
      .send({ topGenres: ['Flamenco'] })
      .expect(200);
    await recommendations.idle();
    const after = await scoreOf(fan.userId, flamenco);
    expect(after).toMatchObject({ score: 'high', liked: true, recommendation_feedback: -1 });
  });

  it('the progress and generate routes need a session', async () => {
    const { app } = createTestApp({ database, clock });
    await request(app).post('/api/recommendations/generate').expect(401);
    await request(app).get('/api/recommendations/progress').expect(401);
  });
});

const scoreOf = (userId: string, concertId: number) =>
  database.db
    .selectFrom('user_concert_recommendations')
    .select(['score', 'liked', 'recommendation_feedback'])
    .where('user_id', '=', userId)
    .where('concert_id', '=', concertId)
    .executeTakeFirst();

async function sessionCookie(email: string): Promise<string> {
  const { app } = createTestApp({ database, clock });
  const res = await request(app).post('/api/auth/login').send({ email, password: 'secreto123' });
  await database.db.deleteFrom('rate_limits').execute();
  return ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
}
