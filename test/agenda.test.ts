import { Kysely, PostgresDialect } from 'kysely';
import request from 'supertest';
import type { DB } from '../server/db/schema.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createConcertAt } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({ poolSize: 30, cleared: ['concerts', 'users', 'rate_limits'] });

// 01:15 in Madrid on 21 November: now minus 2 h is 23:15 on the 20th.
const clock = fixedClock('2026-11-21T00:15:00Z');
const newApp = () => createTestApp({ database, clock }).app;

const signUp = (app = newApp()) => signedInAgent(app, database.db);

describe('GET /api/concerts', () => {
  it('lists upcoming concerts by day and hour with bands, hiding those that started over 2 h ago', async () => {
    const a = await createBand(database.db, {
      band_name: 'Zeta Sound',
      band_spotify_url: 'https://open.spotify.com/artist/1',
    });
    const b = await createBand(database.db, { band_name: 'Alba Trío' });
    await createConcertAt(database.db, '2026-11-20', '23:00');
    const lateYesterday = await createConcertAt(database.db, '2026-11-20', '23:30', {
      bandIds: [a.id, b.id],
    });
    const tomorrow = await createConcertAt(database.db, '2026-11-22', '12:00', { price: '0' });
    const today = await createConcertAt(database.db, '2026-11-21', '21:00');

    const res = await request(newApp()).get('/api/concerts').expect(200);
    expect(res.body.concerts.map((c: { id: number }) => c.id)).toEqual([
      lateYesterday.id,
      today.id,
      tomorrow.id,
    ]);
    expect(res.body.concerts[0]).toMatchObject({
      day: '2026-11-20',
      hour: '23:30',
      venue: 'Es Gremi',
      venueId: 1,
      genre: 'Rock',
      price: '15.00',
      recommendation: null,
      bands: [
        { id: b.id, name: 'Alba Trío', spotifyUrl: null, imageUrl: null },
        {
          id: a.id,
          name: 'Zeta Sound',
          spotifyUrl: 'https://open.spotify.com/artist/1',
          imageUrl: null,
        },
      ],
    });
    expect(res.body.concerts[2].price).toBe('0.00');
  });

  it("shows a fan their own recommendation and never another fan's", async () => {
    const concert = await createConcert(database.db, { day: '2026-11-25' });
    const app = newApp();
    const ana = await signUp(app);
    const luis = await signUp(app);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({
        user_id: luis.userId,
        concert_id: concert.id,
        score: 'extreme',
        reason: 'Tu banda',
        liked: true,
        recommendation_feedback: 1,
      })
      .execute();
    const forAna = await ana.agent.get('/api/concerts').expect(200);
    expect(forAna.body.concerts[0].recommendation).toBeNull();
    const forLuis = await luis.agent.get('/api/concerts').expect(200);
    expect(forLuis.body.concerts[0].recommendation).toEqual({
      score: 'extreme',
      reason: 'Tu banda',
      liked: true,
      feedback: 1,
      going: false,
    });
  });

  it('runs the same number of SQL statements for 3 or 60 concerts', async () => {
    let statements = 0;
    const counted = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        if (event.level === 'query') statements += 1;
      },
    });
    const app = createTestApp({ database: { db: counted, pool: database.pool }, clock }).app;
    const { agent } = await signUp(app);
    const band = await createBand(database.db);
    const measure = async () => {
      statements = 0;
      await agent.get('/api/concerts').expect(200);
      return statements;
    };
    for (let i = 0; i < 3; i += 1)
      await createConcert(database.db, { day: '2026-12-01', bandIds: [band.id] });
    const few = await measure();
    for (let i = 0; i < 57; i += 1)
      await createConcert(database.db, { day: '2026-12-02', bandIds: [band.id] });
    const many = await measure();
    expect((await agent.get('/api/concerts')).body.concerts).toHaveLength(60);
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
  });
});

describe('likes', () => {
  it('401 for visitors, 400 for bad input, 404 for an unknown concert', async () => {
    const concert = await createConcert(database.db);
    await request(newApp())
      .put(`/api/concerts/${concert.id}/like`)
      .send({ liked: true })
      .expect(401);
    const { agent } = await signUp();
    const bad = await agent.put(`/api/concerts/${concert.id}/like`).send({ liked: 'sí' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Indica si te gusta (true o false).');
    await agent.put('/api/concerts/abc/like').send({ liked: true }).expect(400);
    const missing = await agent.put('/api/concerts/999999/like').send({ liked: true });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Ese concierto no existe.');
  });

  it('is idempotent: liking twice counts once, unliking never goes below 0', async () => {
    const concert = await createConcert(database.db);
    const { agent } = await signUp();
    await agent
      .put(`/api/concerts/${concert.id}/like`)
      .send({ liked: false })
      .expect(200, { liked: false, likeCount: 0 });
    await agent
      .put(`/api/concerts/${concert.id}/like`)
      .send({ liked: true })
      .expect(200, { liked: true, likeCount: 1 });
    await agent
      .put(`/api/concerts/${concert.id}/like`)
      .send({ liked: true })
      .expect(200, { liked: true, likeCount: 1 });
    await request(newApp())
      .get('/api/concerts/likes')
      .expect(200, { likeCounts: { [concert.id]: 1 }, goingCounts: {} });
    await agent
      .put(`/api/concerts/${concert.id}/like`)
      .send({ liked: false })
      .expect(200, { liked: false, likeCount: 0 });
    await request(newApp())
      .get('/api/concerts/likes')
      .expect(200, { likeCounts: {}, goingCounts: {} });
  });

  it('gives like counts to anyone, for upcoming concerts only, gzipped or plain', async () => {
    const past = await createConcert(database.db, { day: '2026-11-01' });
    const upcoming = await createConcert(database.db, { day: '2026-11-25' });
    await database.db
      .updateTable('concerts')
      .set({ like_count: 3 })
      .where('id', 'in', [past.id, upcoming.id])
      .execute();
    const plain = await request(newApp())
      .get('/api/concerts/likes')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual({ likeCounts: { [upcoming.id]: 3 }, goingCounts: {} });
    const gzipped = await request(newApp()).get('/api/concerts/likes').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body).toEqual(plain.body);
  });

  it('100 concurrent like/unlike requests from many fans leave like_count = fans who like it', async () => {
    const concert = await createConcert(database.db);
    const app = newApp();
    const fans = await Promise.all(Array.from({ length: 20 }, () => signUp(app)));
    const requests = Array.from({ length: 100 }, (_, i) => {
      const fan = fans[i % fans.length]!;
      return fan.agent.put(`/api/concerts/${concert.id}/like`).send({ liked: (i * 7) % 3 !== 0 });
    });
    const results = await Promise.all(requests);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const likers = await database.db
      .selectFrom('user_concert_recommendations')
      .select('user_id')
      .where('concert_id', '=', concert.id)
      .where('liked', '=', true)
      .execute();
    const { like_count } = await database.db
      .selectFrom('concerts')
      .select('like_count')
      .where('id', '=', concert.id)
      .executeTakeFirstOrThrow();
    expect(like_count).toBe(likers.length);
  });
});

describe('feedback', () => {
  it('sets 1, -1 and 0 on the fan’s own row only, keeping the like', async () => {
    const concert = await createConcert(database.db);
    const app = newApp();
    const ana = await signUp(app);
    const luis = await signUp(app);
    await ana.agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(200);
    await ana.agent
      .put(`/api/concerts/${concert.id}/feedback`)
      .send({ feedback: 1 })
      .expect(200, { feedback: 1 });
    await ana.agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: -1 }).expect(200);
    await luis.agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: 1 }).expect(200);
    const mine = (await ana.agent.get('/api/concerts')).body.concerts[0].recommendation;
    expect(mine).toEqual({ score: null, reason: null, liked: true, feedback: -1, going: false });
    await ana.agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: 0 }).expect(200);
    expect((await luis.agent.get('/api/concerts')).body.concerts[0].recommendation.feedback).toBe(
      1,
    );
  });

  it('401 for visitors and 400 for a value other than 1, -1 or 0', async () => {
    const concert = await createConcert(database.db);
    await request(newApp())
      .put(`/api/concerts/${concert.id}/feedback`)
      .send({ feedback: 1 })
      .expect(401);
    const { agent } = await signUp();
    const res = await agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('La valoración debe ser 1, -1 o 0.');
  });
});
