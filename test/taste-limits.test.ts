// Per-fan limits on what re-scores with the AI: taste changes (PATCH /api/profile, PUT
// /api/profile/onboarding) and generation starts (POST /api/recommendations/generate). Over a limit:
// a Spanish 429 with Retry-After, and nothing is saved (the fan's saved taste stays as it was).
import { sql } from 'kysely';
import request from 'supertest';
import { GENERATE_LIMIT } from '../server/recommendations/recommendations.service.js';
import { TASTE_CHANGE_LIMITS } from '../server/users/taste-limits.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createConcert } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({ cleared: ['users', 'concerts', 'rate_limits'] });

const HOURLY = TASTE_CHANGE_LIMITS.find((rule) => rule.name === 'taste-hour')!.limit;
const app = () => createTestApp({ database }).app;
const fanOf = (overrides = {}) =>
  signedInAgent(app(), database.db, {
    top_genres: ['Rock'],
    disliked_genres: [],
    onboarding_completed: true,
    ...overrides,
  });

/** Two tastes to switch between: each PATCH is a real change. */
const tasteNumber = (n: number) => ({ topGenres: n % 2 === 0 ? ['Jazz'] : ['Pop', 'Funk'] });

describe('taste-change limits', () => {
  it('answers 401 without a session and 400 for bad input, counting nothing', async () => {
    await request(app()).patch('/api/profile').send(tasteNumber(0)).expect(401);
    const { agent } = await fanOf();
    const res = await agent
      .patch('/api/profile')
      .send({ topGenres: ['Rock'], dislikedGenres: ['Rock'] })
      .expect(400);
    expect(res.body.error.message).toBe('Un género no puede gustarte y no gustarte a la vez.');
    const rows = await database.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.filter((row) => row.key.startsWith('taste-'))).toEqual([]);
  });

  it('refuses the change over the hourly limit with a Spanish 429, and saves nothing', async () => {
    const { agent } = await fanOf();
    for (let n = 0; n < HOURLY; n += 1) {
      await agent.patch('/api/profile').send(tasteNumber(n)).expect(200);
    }
    const saved = (await agent.get('/api/profile').expect(200)).body as { topGenres: string[] };

    const res = await agent
      .patch('/api/profile')
      .send({ name: 'Joana', topGenres: ['Blues'], topArtists: ['Sa Fosca'] })
      .expect(429);
    expect(res.body.error.code).toBe('tastes_rate_limited');
    expect(res.body.error.message).toMatch(
      /^Has cambiado tus gustos muchas veces en poco tiempo y cada cambio vuelve a calcular todas tus recomendaciones\. Podrás cambiarlos de nuevo dentro de (\d+ minutos|1 hora)\.$/,
    );
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);

    // Nothing of the refused request was saved: not the taste, not the name in the same request.
    const after = (await agent.get('/api/profile').expect(200)).body as Record<string, unknown>;
    expect(after).toEqual(saved);
    expect(after.name).toBe('Fan de prueba');
  });

  it('does not count a save that leaves the taste as it was (name only, same lists reordered)', async () => {
    const { agent } = await fanOf({ top_genres: ['Rock', 'Jazz'], top_artists: ['A', 'B'] });
    for (let n = 0; n < HOURLY + 5; n += 1) {
      await agent
        .patch('/api/profile')
        .send({ name: `Nombre ${n}`, topGenres: ['Jazz', 'Rock'], topArtists: ['B', 'A', 'B'] })
        .expect(200);
    }
    // All the hourly changes are still there to use.
    for (let n = 0; n < HOURLY; n += 1) {
      await agent.patch('/api/profile').send(tasteNumber(n)).expect(200);
    }
    await agent.patch('/api/profile').send(tasteNumber(HOURLY)).expect(429);
  });

  it('counts onboarding as a taste change and refuses it over the limit without completing it', async () => {
    const { agent } = await fanOf({ onboarding_completed: false });
    for (let n = 0; n < HOURLY; n += 1) {
      await agent.patch('/api/profile').send(tasteNumber(n)).expect(200);
    }
    const res = await agent
      .put('/api/profile/onboarding')
      .send({ topGenres: ['Blues'], dislikedGenres: ['Techno'] })
      .expect(429);
    expect(res.headers['retry-after']).toBeDefined();
    const profile = (await agent.get('/api/profile').expect(200)).body as Record<string, unknown>;
    expect(profile.onboardingCompleted).toBe(false);
    expect(profile.topGenres).toEqual(tasteNumber(HOURLY - 1).topGenres);

    // Finishing onboarding with the taste already saved changes nothing to score: allowed.
    await agent
      .put('/api/profile/onboarding')
      .send({ topGenres: tasteNumber(HOURLY - 1).topGenres, dislikedGenres: [] })
      .expect(200);
  });

  it('keeps one fan’s limit away from another fan', async () => {
    const first = await fanOf();
    const second = await fanOf();
    for (let n = 0; n < HOURLY; n += 1) {
      await first.agent.patch('/api/profile').send(tasteNumber(n)).expect(200);
    }
    await first.agent.patch('/api/profile').send(tasteNumber(HOURLY)).expect(429);
    await second.agent.patch('/api/profile').send(tasteNumber(0)).expect(200);
  });
});

describe('a new language', () => {
  const reasonOf = async (userId: string) =>
    (
      await database.db
        .selectFrom('user_concert_recommendations')
        .select('reason')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.reason;

  it("rewrites the fan's reasons in it, counted with taste changes; over the limit it is still saved", async () => {
    await createConcert(database.db, { genre: 'Rock' });
    const { agent, userId } = await fanOf();
    await agent.post('/api/recommendations/generate').expect(202);
    const spanish = await eventually(async () => {
      const reason = await reasonOf(userId);
      expect(reason).toMatch(/rock/i);
      return reason!;
    });

    await agent.patch('/api/profile').send({ locale: 'ca' }).expect(200);
    await eventually(async () => {
      const reason = await reasonOf(userId);
      expect(reason).toBeDefined();
      expect(reason).not.toBe(spanish);
    });

    // Over the limit the language is still saved; the reasons wait for their next scoring.
    for (let n = 1; n < HOURLY; n += 1) {
      await agent.patch('/api/profile').send(tasteNumber(n)).expect(200);
    }
    await agent.patch('/api/profile').send({ locale: 'es' }).expect(200);
    const saved = await database.db
      .selectFrom('users')
      .select('locale')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(saved.locale).toBe('es');
  });
});

describe('generation limit', () => {
  /** As if this fan had already started GENERATE_LIMIT generations this hour. */
  const spendGenerations = (userId: string) =>
    database.db
      .insertInto('rate_limits')
      .values({
        key: `generate:${userId}`,
        hits: GENERATE_LIMIT.limit,
        reset_at: sql<Date>`now() + interval '1 hour'`,
      })
      .execute();

  it('answers a Spanish 429 with Retry-After when a start is over the limit', async () => {
    await createConcert(database.db);
    const { agent, userId } = await fanOf();
    await spendGenerations(userId);
    const res = await agent.post('/api/recommendations/generate').expect(429);
    expect(res.body.error).toEqual({
      code: 'generate_rate_limited',
      message:
        'Has pedido tus recomendaciones demasiadas veces seguidas. Espera un poco: las que ya ' +
        'están en marcha siguen calculándose.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not count a request with nothing to score', async () => {
    const { agent, userId } = await fanOf();
    await createConcert(database.db);
    await agent.post('/api/recommendations/generate').expect(202);
    await eventually(async () => {
      const res = await agent.get('/api/recommendations/progress').expect(200);
      expect(res.body).toMatchObject({ scored: 1, total: 1 });
    });
    await spendGenerations(userId).catch(() =>
      database.db
        .updateTable('rate_limits')
        .set({ hits: GENERATE_LIMIT.limit })
        .where('key', '=', `generate:${userId}`)
        .execute(),
    );
    // Every concert scored: the agenda's visit starts nothing and is not refused.
    await agent.post('/api/recommendations/generate').expect(202);
  });
});
