// Recommendations that learn from the fan (issue 46, docs/decisions/0027), tried as two fans with
// the same declared tastes would: Ana rates and likes, her twin Bea does not. The built-in engine
// through the app's own routes, the in-process learner (no job queue), a real database.
import request from 'supertest';
import { createLogger } from '../server/lib/logger.js';
import { builtinEngine } from '../server/recommendations/builtin-engine.js';
import { generateForGroup } from '../server/recommendations/bulk-generator.js';
import { scoreConcertsForEveryFan } from '../server/recommendations/concert-rescore.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({
  poolSize: 20,
  cleared: ['concerts', 'bands', 'users', 'rate_limits'],
});
const clock = fixedClock('2026-11-21T10:00:00Z');

type Agent = ReturnType<typeof request.agent>;

const TASTE = { top_genres: ['Rock', 'Jazz'], top_artists: ['Sa Fosca'] };

async function twins() {
  const app = createTestApp({ database, clock });
  const ana = await signedInAgent(app.app, database.db, TASTE);
  const bea = await signedInAgent(app.app, database.db, TASTE);
  const db = database.db;
  const portixol = await createBand(db, { band_name: 'Son de Portixol', band_genres: ['Salsa'] });
  const fosca = await createBand(db, { band_name: 'Sa Fosca', band_genres: ['Blues'] });
  const blues = (day: string, bandIds: number[] = []) =>
    createConcert(db, { day, genre: 'Blues', bandIds });
  const concerts = {
    blues1: await blues('2026-12-01'),
    blues2: await blues('2026-12-02'),
    blues3: await blues('2026-12-10'),
    salsa1: await createConcert(db, { day: '2026-12-03', genre: 'Salsa', bandIds: [portixol.id] }),
    salsa2: await createConcert(db, { day: '2026-12-04', genre: 'Salsa', bandIds: [portixol.id] }),
    salsa3: await createConcert(db, { day: '2026-12-12', genre: 'Salsa', bandIds: [portixol.id] }),
    favourite: await blues('2026-12-15', [fosca.id]),
    rock: await createConcert(db, { day: '2026-12-16', genre: 'Rock' }),
  };
  for (const fan of [ana, bea]) {
    await fan.agent.post('/api/recommendations/generate').expect(202);
  }
  await app.recommendations.idle();
  const settle = async () => {
    await app.learner.idle();
    await app.recommendations.idle();
  };
  return { ...app, ana, bea, concerts, settle };
}

async function rowsOfFan(userId: string) {
  const rows = await database.db
    .selectFrom('user_concert_recommendations')
    .select(['concert_id', 'score', 'reason', 'learned'])
    .where('user_id', '=', userId)
    .orderBy('concert_id')
    .execute();
  return new Map(rows.map((row) => [row.concert_id, row]));
}

const scoreOf = async (userId: string, concertId: number) =>
  (await rowsOfFan(userId)).get(concertId);

const thumbsDown = (agent: Agent, id: number) =>
  agent.put(`/api/concerts/${id}/feedback`).send({ feedback: -1 }).expect(200);
const like = (agent: Agent, id: number) =>
  agent.put(`/api/concerts/${id}/like`).send({ liked: true }).expect(200);
const going = (agent: Agent, id: number) =>
  agent.put(`/api/concerts/${id}/going`).send({ going: true }).expect(200);

describe('two fans with the same declared tastes, one teaching us', () => {
  it('after two 👎 to a genre her next concert of it is lower than her twin’s, and says why', async () => {
    const { ana, bea, concerts, settle } = await twins();
    const beaBefore = await rowsOfFan(bea.userId);
    expect((await scoreOf(ana.userId, concerts.blues3.id))?.score).toBe('medium');

    await thumbsDown(ana.agent, concerts.blues1.id);
    await settle();
    // One tap is a hint: nothing moves.
    expect(await scoreOf(ana.userId, concerts.blues3.id)).toMatchObject({
      score: 'medium',
      learned: null,
    });

    await thumbsDown(ana.agent, concerts.blues2.id);
    await settle();
    const anaBlues = await scoreOf(ana.userId, concerts.blues3.id);
    expect(anaBlues).toMatchObject({ score: 'low', learned: 'down' });
    expect(anaBlues?.reason).toMatch(/blues/i);
    expect(anaBlues?.reason).toMatch(/no te convence del todo|👎 a dos conciertos de Blues/);
    expect(beaBefore.get(concerts.blues3.id)?.score).toBe('medium');
    // The favourite artist stays extreme whatever was learned about its genre.
    expect((await scoreOf(ana.userId, concerts.favourite.id))?.score).toBe('extreme');
    // The twin's scores do not move.
    expect(await rowsOfFan(bea.userId)).toEqual(beaBefore);
  });

  it('after liking two concerts of a band outside her genres its next one is higher, naming it', async () => {
    const { ana, bea, concerts, settle } = await twins();
    const beaBefore = await rowsOfFan(bea.userId);
    expect((await scoreOf(ana.userId, concerts.salsa3.id))?.score).toBe('low');

    await like(ana.agent, concerts.salsa1.id);
    await going(ana.agent, concerts.salsa1.id); // a like and a 'Voy' on one concert: one signal
    await settle();
    expect((await scoreOf(ana.userId, concerts.salsa3.id))?.score).toBe('low');

    await like(ana.agent, concerts.salsa2.id);
    await settle();
    const anaSalsa = await scoreOf(ana.userId, concerts.salsa3.id);
    expect(anaSalsa).toMatchObject({ score: 'high', learned: 'up' });
    expect(anaSalsa?.reason).toContain('Son de Portixol');
    expect(beaBefore.get(concerts.salsa3.id)?.score).toBe('low');
    expect((await scoreOf(ana.userId, concerts.favourite.id))?.score).toBe('extreme');
    expect(await rowsOfFan(bea.userId)).toEqual(beaBefore);
  });

  it('a new concert is scored with what each fan taught us, by the per-concert and group passes', async () => {
    const { ana, bea, concerts, settle } = await twins();
    await like(ana.agent, concerts.salsa1.id);
    await like(ana.agent, concerts.salsa2.id);
    await settle();
    const band = await database.db
      .selectFrom('bands')
      .select('id')
      .where('band_name', '=', 'Son de Portixol')
      .executeTakeFirstOrThrow();
    const bandIds = [band.id];
    const deps = { db: database.db, pool: database.pool, clock };
    // An admin's new concert: scored for every fan in one pass (concert-rescore.ts).
    const added = await createConcert(database.db, { day: '2026-12-20', genre: 'Salsa', bandIds });
    await scoreConcertsForEveryFan(deps, [added.id]);
    expect(await scoreOf(ana.userId, added.id)).toMatchObject({ score: 'high', learned: 'up' });
    expect(await scoreOf(bea.userId, added.id)).toMatchObject({ score: 'low', learned: null });
    // The "all fans" group pass scores what is missing the same way (bulk-generator.ts).
    const later = await createConcert(database.db, { day: '2026-12-21', genre: 'Salsa', bandIds });
    await generateForGroup({ ...deps, engine: builtinEngine, log: createLogger('silent') }, [
      ana.userId,
      bea.userId,
    ]);
    expect((await scoreOf(ana.userId, later.id))?.score).toBe('high');
    expect((await scoreOf(bea.userId, later.id))?.score).toBe('low');
  });

  it('the profile lists what was learned, and forgetting it brings the scores back to the twin’s', async () => {
    const { ana, bea, concerts, settle } = await twins();
    await thumbsDown(ana.agent, concerts.blues1.id);
    await thumbsDown(ana.agent, concerts.blues2.id);
    await like(ana.agent, concerts.salsa1.id);
    await going(ana.agent, concerts.salsa2.id);
    await settle();

    const learned = await ana.agent.get('/api/profile/learned').expect(200);
    expect(learned.body.tastes).toEqual([
      expect.objectContaining({ kind: 'genre', key: 'Blues', name: 'Blues', direction: 'down' }),
      expect.objectContaining({
        kind: 'band',
        key: 'son de portixol',
        name: 'Son de Portixol',
        direction: 'up',
      }),
    ]);
    const [genre, band] = learned.body.tastes as {
      signals: number;
      sources: { concert: { id: number; title: string }; signals: string[] }[];
    }[];
    expect(genre!.signals).toBe(2);
    expect(genre!.sources.map((source) => source.concert.id)).toEqual([
      concerts.blues1.id,
      concerts.blues2.id,
    ]);
    expect(genre!.sources[0]!.signals).toEqual(['thumbsDown']);
    expect(band!.sources.map((source) => source.signals)).toEqual([['liked'], ['going']]);
    expect(band!.sources[0]!.concert.title).toBe('Son de Portixol');
    expect((await ana.agent.get('/api/profile/learned').expect(200)).body.forgotten).toEqual([]);

    const forgotten = await ana.agent
      .post('/api/profile/learned/forget')
      .send({ kind: 'genre', key: 'Blues' })
      .expect(200);
    expect(forgotten.body.tastes.map((taste: { key: string }) => taste.key)).toEqual([
      'son de portixol',
    ]);
    expect(forgotten.body.forgotten).toEqual([
      expect.objectContaining({ kind: 'genre', key: 'Blues' }),
    ]);
    await ana.agent
      .post('/api/profile/learned/forget')
      .send({ kind: 'band', key: 'son de portixol' })
      .expect(200);
    await settle();

    // The likes and ratings stay; the scores are the twin's again, reason for reason.
    const sameAs = (rows: Awaited<ReturnType<typeof rowsOfFan>>) =>
      [...rows.values()].map(({ concert_id, score, reason, learned }) => ({
        concert_id,
        score,
        reason,
        learned,
      }));
    expect(sameAs(await rowsOfFan(ana.userId))).toEqual(sameAs(await rowsOfFan(bea.userId)));
    const kept = await database.db
      .selectFrom('user_concert_recommendations')
      .select(['concert_id', 'liked', 'recommendation_feedback'])
      .where('user_id', '=', ana.userId)
      .where((eb) => eb.or([eb('liked', '=', true), eb('recommendation_feedback', '<>', 0)]))
      .orderBy('concert_id')
      .execute();
    expect(kept).toHaveLength(3);

    // A signal given after forgetting counts again: one more 👎 is still only a hint.
    await thumbsDown(ana.agent, concerts.blues3.id);
    await settle();
    expect((await scoreOf(ana.userId, concerts.blues3.id))?.score).toBe('medium');
  });

  it('a fan who redoes the onboarding keeps what was learned, or clears it by choice', async () => {
    const { ana, concerts, settle } = await twins();
    await like(ana.agent, concerts.salsa1.id);
    await like(ana.agent, concerts.salsa2.id);
    await settle();
    const onboarding = { topGenres: ['Rock', 'Jazz', 'Pop'], dislikedGenres: [] };

    await ana.agent
      .put('/api/profile/onboarding')
      .send({ ...onboarding, learned: 'keep' })
      .expect(200);
    await settle();
    expect((await scoreOf(ana.userId, concerts.salsa3.id))?.score).toBe('high');
    expect((await ana.agent.get('/api/profile/learned')).body.tastes).toHaveLength(1);

    await ana.agent
      .put('/api/profile/onboarding')
      .send({ ...onboarding, topGenres: ['Rock', 'Jazz'], learned: 'forget' })
      .expect(200);
    await settle();
    expect((await scoreOf(ana.userId, concerts.salsa3.id))?.score).toBe('low');
    const after = await ana.agent.get('/api/profile/learned').expect(200);
    expect(after.body).toEqual({
      tastes: [],
      forgotten: [expect.objectContaining({ kind: 'all', key: '' })],
    });

    await ana.agent
      .put('/api/profile/onboarding')
      .send({ ...onboarding, learned: 'maybe' })
      .expect(400);
  });

  it('the data export includes what was learned', async () => {
    const { ana, concerts, settle } = await twins();
    await thumbsDown(ana.agent, concerts.blues1.id);
    await thumbsDown(ana.agent, concerts.blues2.id);
    await settle();
    const file = await ana.agent.get('/api/profile/export').expect(200);
    const exported = JSON.parse(file.text) as {
      learnedTastes: { tastes: { key: string; signals: number }[] };
    };
    expect(exported.learnedTastes.tastes).toEqual([
      expect.objectContaining({ key: 'Blues', signals: 2 }),
    ]);
  });
});

describe('the admin’s «Lo que opinan los fans»', () => {
  it('counts the scores learning moved, by direction, and the 👍/👎 given on them', async () => {
    const { app, ana, concerts, settle } = await twins();
    await thumbsDown(ana.agent, concerts.blues1.id);
    await thumbsDown(ana.agent, concerts.blues2.id);
    await like(ana.agent, concerts.salsa1.id);
    await like(ana.agent, concerts.salsa2.id);
    await settle();
    // Her 👎 on a Blues concert learning moved down counts as a 👎 on a moved score.
    const admin = await signedInAgent(app, database.db, { is_admin: true });
    const res = await admin.agent.get('/api/admin/feedback').expect(200);
    expect(res.body.learning).toEqual({
      fans: 1,
      moves: [
        // Son de Portixol's three concerts; three Blues ones (the favourite's stays extreme).
        { direction: 'up', scores: 3, thumbsUp: 0, thumbsDown: 0 },
        { direction: 'down', scores: 3, thumbsUp: 0, thumbsDown: 2 },
      ],
    });
  });
});

describe('the learned routes', () => {
  it('answer 401 without a session', async () => {
    const { app } = createTestApp({ database, clock });
    await request(app).get('/api/profile/learned').expect(401);
    await request(app)
      .post('/api/profile/learned/forget')
      .send({ kind: 'genre', key: 'Blues' })
      .expect(401);
  });

  it.each([
    [{ kind: 'venue', key: 'Es Gremi' }],
    [{ kind: 'genre', key: '' }],
    [{ kind: 'band', key: 'x'.repeat(201) }],
    [{ kind: 'genre' }],
    [{ kind: 'genre', key: 'Blues', extra: true }],
  ])('answer 400 to a bad forget %j', async (body) => {
    const { app } = createTestApp({ database, clock });
    const fan = await signedInAgent(app, database.db, TASTE);
    const res = await fan.agent.post('/api/profile/learned/forget').send(body).expect(400);
    expect(res.body.error.code).toBeDefined();
  });
});
