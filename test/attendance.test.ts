// "Voy": a fan says they go to an upcoming concert. Everyone sees how many go (never who); the
// fan's agenda, page and private calendar feed carry it; the weekly mail leaves it out.
import request from 'supertest';
import { findNextConcerts, findWeeklyMatches } from '../server/weekly-mail/matches.repository.js';
import { createTestApp, fixedClock, useTestApp } from './helpers/app.js';
import { listenToChanges } from './helpers/change-feeds.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { createConcertAt } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({
  poolSize: 20,
  cleared: ['calendar_feeds', 'concerts', 'users', 'rate_limits'],
});

// 11:00 in Madrid on Saturday 21 November 2026.
const clock = fixedClock('2026-11-21T10:00:00Z');
const newApp = () => createTestApp({ database, clock }).app;
const testApp = useTestApp(() => ({ database, clock }));
const signUp = () => signedInAgent(testApp.app, database.db);

const upcoming = () => createConcertAt(database.db, '2026-11-25', '21:00');
const going = (agent: request.Agent, concertId: number, value: unknown) =>
  agent.put(`/api/concerts/${concertId}/going`).send({ going: value });
const goingCounts = async () =>
  (await request(newApp()).get('/api/concerts/likes').expect(200)).body.goingCounts as Record<
    string,
    number
  >;

describe('PUT /api/concerts/:id/going', () => {
  it('counts each fan once, takes a "Voy" back, and shows the fan their own flag', async () => {
    const concert = await upcoming();
    const ana = await signUp();
    const luis = await signUp();

    await going(ana.agent, concert.id, true).expect(200, { going: true, goingCount: 1 });
    await going(ana.agent, concert.id, true).expect(200, { going: true, goingCount: 1 });
    await going(luis.agent, concert.id, true).expect(200, { going: true, goingCount: 2 });
    expect(await goingCounts()).toEqual({ [concert.id]: 2 });

    // Going needs no recommendation row: the fan's row is there, unscored and not liked.
    const agenda = await ana.agent.get('/api/concerts').expect(200);
    expect(agenda.body.concerts[0].recommendation).toEqual({
      score: null,
      reason: null,
      liked: false,
      feedback: 0,
      going: true,
    });
    const page = await ana.agent.get(`/api/concerts/${concert.id}`).expect(200);
    expect(page.body).toMatchObject({ goingCount: 2, recommendation: { going: true } });
    const visitorsPage = await request(testApp.app).get(`/api/concerts/${concert.id}`).expect(200);
    expect(visitorsPage.body).toMatchObject({ goingCount: 2, recommendation: null });

    await going(ana.agent, concert.id, false).expect(200, { going: false, goingCount: 1 });
    await going(ana.agent, concert.id, false).expect(200, { going: false, goingCount: 1 });
    expect(await goingCounts()).toEqual({ [concert.id]: 1 });
    const after = await ana.agent.get('/api/concerts').expect(200);
    expect(after.body.concerts[0].recommendation).toBeNull();
  });

  it('answers a visitor 401, bad input 400 and an unknown concert 404, changing nothing', async () => {
    const concert = await upcoming();
    const res = await request(testApp.app)
      .put(`/api/concerts/${concert.id}/going`)
      .send({ going: true })
      .expect(401);
    expect(res.body.error.message).toMatch(/inicia sesión/i);
    const { agent } = await signUp();
    const bad = await going(agent, concert.id, 'sí').expect(400);
    expect(bad.body.error.message).toBe('Indica si vas (true o false).');
    await agent.put(`/api/concerts/${concert.id}/going`).send({}).expect(400);
    await going(agent, 0, true).expect(400);
    const missing = await going(agent, 999999, true).expect(404);
    expect(missing.body.error.message).toBe('Ese concierto no existe.');
    expect(await rowsOf(database.db, 'concert_attendance', {})).toEqual([]);
    expect(await goingCounts()).toEqual({});
  });

  it('counts only confirmed, onboarded fans: others get a Spanish 403 and the counts stay', async () => {
    const concert = await upcoming();
    const squatter = await signedInAgent(testApp.app, database.db, { email_verified_at: null });
    const newcomer = await signedInAgent(testApp.app, database.db, {
      onboarding_completed: false,
    });
    for (const [path, body] of [
      ['going', { going: true }],
      ['like', { liked: true }],
      ['feedback', { feedback: 1 }],
    ] as const) {
      const refused = await squatter.agent.put(`/api/concerts/${concert.id}/${path}`).send(body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({
        code: 'email_unverified',
        message:
          'Confirma tu email para marcar «Voy», «me gusta» o valorar conciertos: abre el ' +
          'enlace que te enviamos (puedes pedir otro desde tu perfil).',
      });
      const early = await newcomer.agent.put(`/api/concerts/${concert.id}/${path}`).send(body);
      expect(early.status).toBe(403);
      expect(early.body.error.message).toBe(
        'Termina la bienvenida (elige tus géneros) para marcar «Voy», «me gusta» o valorar ' +
          'conciertos.',
      );
    }
    // In Catalan for a Catalan reader.
    const ca = await squatter.agent
      .put(`/api/concerts/${concert.id}/going`)
      .set('Accept-Language', 'ca')
      .send({ going: true })
      .expect(403);
    expect(ca.body.error.message).toMatch(/^Confirma el teu correu electrònic/);
    expect(await rowsOf(database.db, 'concert_attendance', {})).toEqual([]);
    expect(await rowsOf(database.db, 'user_concert_recommendations', {})).toEqual([]);
    expect(await goingCounts()).toEqual({});
    const likes = await request(newApp()).get('/api/concerts/likes').expect(200);
    expect(likes.body.likeCounts).toEqual({});
  });

  it('limits each fan’s reactions with a Spanish 429 and Retry-After, other fans unaffected', async () => {
    const concert = await upcoming();
    const eager = await signUp();
    const calm = await signUp();
    // Spend the 10-minute window (likes, 'Voy' and thumbs count together) without 60 requests.
    await database.db
      .insertInto('rate_limits')
      .values({
        key: `reaction-user-10min:${eager.userId}`,
        hits: 60,
        reset_at: new Date(Date.now() + 10 * 60 * 1000),
      })
      .execute();
    const refused = await going(eager.agent, concert.id, true).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error.message).toBe(
      'Has marcado demasiadas cosas seguidas. Espera un poco y vuelve a probar.',
    );
    await eager.agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(429);
    await going(calm.agent, concert.id, true).expect(200, { going: true, goingCount: 1 });
  });

  it('refuses a cancelled or past concert with a Spanish 409, and lets a "Voy" be taken back', async () => {
    const concert = await upcoming();
    const past = await createConcertAt(database.db, '2026-11-20', '21:00');
    const { agent } = await signUp();
    await going(agent, concert.id, true).expect(200);
    await database.db
      .updateTable('concerts')
      .set({ cancelled_at: new Date() })
      .where('id', '=', concert.id)
      .execute();

    const cancelled = await going(agent, concert.id, true).expect(409);
    expect(cancelled.body.error).toEqual({
      code: 'concert_cancelled',
      message: 'Este concierto se ha cancelado: ya no puedes apuntarte.',
    });
    const over = await going(agent, past.id, true).expect(409);
    expect(over.body.error).toEqual({
      code: 'concert_past',
      message: 'Este concierto ya ha pasado: ya no puedes apuntarte.',
    });
    await going(agent, concert.id, false).expect(200, { going: false, goingCount: 0 });
    expect(await rowsOf(database.db, 'concert_attendance', {})).toEqual([]);
  });

  it('never shows who goes: no id, email or name in the counts, pages or agendas of others', async () => {
    const concert = await upcoming();
    const ana = await signUp();
    await database.db
      .updateTable('users')
      .set({ name: 'Margalida Secreta' })
      .where('user_id', '=', ana.userId)
      .execute();
    await going(ana.agent, concert.id, true).expect(200);
    const luis = await signUp();
    const bodies = await Promise.all([
      request(testApp.app).get('/api/concerts/likes'),
      request(testApp.app).get('/api/concerts'),
      request(testApp.app).get(`/api/concerts/${concert.id}`),
      luis.agent.get('/api/concerts'),
      luis.agent.get(`/api/concerts/${concert.id}`),
    ]);
    for (const res of bodies) {
      expect(res.status).toBe(200);
      for (const secret of [ana.userId, ana.email, 'Margalida']) {
        expect(res.text).not.toContain(secret);
      }
    }
    expect(bodies[0].body).toEqual({ likeCounts: {}, goingCounts: { [concert.id]: 1 } });
  });

  it('keeps the count right when an account goes, and tells the caches as a like does', async () => {
    const { notices, end } = await listenToChanges(database);
    try {
      const concert = await upcoming();
      const other = await upcoming();
      const ana = await signUp();
      const luis = await signUp();
      await eventually(() => expect(notices).toContain('concerts:*'));
      notices.length = 0;
      await going(ana.agent, concert.id, true).expect(200);
      await going(ana.agent, other.id, true).expect(200);
      await going(luis.agent, concert.id, true).expect(200);
      await eventually(() => expect(notices).toContain(`likes:${concert.id}`));
      expect(notices).toContain(`agenda:${ana.userId}`);
      expect(notices).not.toContain('concerts:*');

      await database.db.deleteFrom('users').where('user_id', '=', ana.userId).execute();
      expect(await goingCounts()).toEqual({ [concert.id]: 1 });
    } finally {
      await end();
    }
  });
});

describe('the fan’s calendar feed and weekly mail', () => {
  it('the private feed holds the concerts the fan goes to, once each', async () => {
    const liked = await upcoming();
    const both = await upcoming();
    const goingOnly = await upcoming();
    const neither = await upcoming();
    const fan = await signUp();
    await database.db
      .insertInto('user_concert_recommendations')
      .values([
        { user_id: fan.userId, concert_id: liked.id, liked: true },
        { user_id: fan.userId, concert_id: both.id, liked: true },
        { user_id: fan.userId, concert_id: neither.id, score: 'high' },
      ])
      .execute();
    await going(fan.agent, both.id, true).expect(200);
    await going(fan.agent, goingOnly.id, true).expect(200);

    const link = await fan.agent.post('/api/profile/calendar/token').send({}).expect(201);
    const ics = await request(testApp.app).get(new URL(link.body.feedUrl).pathname).expect(200);
    const uids = [...ics.text.matchAll(/^UID:concierto-(\d+)@/gm)].map((match) => Number(match[1]));
    expect(uids.sort((a, b) => a - b)).toEqual([liked.id, both.id, goingOnly.id]);
  });

  it('the weekly mail leaves out what the fan goes to, in the matches and in the fallback', async () => {
    const first = await createConcertAt(database.db, '2026-11-23', '21:00');
    const second = await createConcertAt(database.db, '2026-11-24', '21:00');
    const fan = await signUp();
    await database.db
      .insertInto('user_concert_recommendations')
      .values([
        { user_id: fan.userId, concert_id: first.id, score: 'extreme' },
        { user_id: fan.userId, concert_id: second.id, score: 'high' },
      ])
      .execute();
    const window = { from: '2026-11-21', to: '2026-12-04', nowTime: '11:00' };
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
    expect(ids(await findWeeklyMatches(database.db, fan.userId, window))).toEqual([
      first.id,
      second.id,
    ]);

    await going(fan.agent, first.id, true).expect(200);
    expect(ids(await findWeeklyMatches(database.db, fan.userId, window))).toEqual([second.id]);
    expect(ids(await findNextConcerts(database.db, fan.userId, window))).toEqual([second.id]);
    const other = await signUp();
    expect(ids(await findNextConcerts(database.db, other.userId, window))).toEqual([
      first.id,
      second.id,
    ]);
  });
});
