// GET /api/admin/feedback: the fans' 👍/👎 of the last 30 days by engine and score
// level, and the concerts with the most 👎; who may ask; and when a feedback counts as given.
import request from 'supertest';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { defined } from './helpers/defined.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const API_TOKEN = 'token-de-administracion-de-prueba';
const NOW = '2026-03-15T12:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant `days` days before NOW (fractions allowed). */
const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * DAY_MS);

const database = useTestDatabase({
  cleared: [
    'user_concert_recommendations',
    'concert_band',
    'concerts',
    'bands',
    'sessions',
    'users',
  ],
});

let testApp: ReturnType<typeof createTestApp>;
beforeAll(() => {
  testApp = createTestApp({
    database,
    clock: fixedClock(NOW),
    env: { ADMIN_API_TOKEN: API_TOKEN },
  });
});
const app = () => testApp.app;
const admin = () => signedInAgent(app(), database.db, { is_admin: true });

type Score = 'extreme' | 'high' | 'medium' | 'low';

interface FeedbackRow {
  userId: string;
  concertId: number;
  engine?: 'builtin' | 'openai' | null;
  score?: Score | null;
  feedback: -1 | 0 | 1;
  at: Date;
}

/** A fan's row as the app leaves it; updated_at is always NOW (a recent like or rescoring). */
async function giveFeedback(row: FeedbackRow) {
  await database.db
    .insertInto('user_concert_recommendations')
    .values({
      user_id: row.userId,
      concert_id: row.concertId,
      engine: row.engine === undefined ? 'builtin' : row.engine,
      score: row.score === undefined ? 'medium' : row.score,
      reason: 'Porque sí',
      scored_at: daysAgo(60),
      recommendation_feedback: row.feedback,
      feedback_at: row.at,
      updated_at: new Date(NOW),
    })
    .execute();
}

const fan = async () => (await createUser(database.db)).user_id;

/** The eight rows of an answer with nothing counted, then `changes` applied. */
function countsWith(
  changes: Partial<Record<`${'builtin' | 'openai'} ${Score}`, [number, number]>>,
) {
  return (['builtin', 'openai'] as const).flatMap((engine) =>
    (['extreme', 'high', 'medium', 'low'] as const).map((score) => {
      const [thumbsUp, thumbsDown] = changes[`${engine} ${score}`] ?? [0, 0];
      return { engine, score, thumbsUp, thumbsDown };
    }),
  );
}

describe('who may ask', () => {
  it('a visitor gets 401 and a fan 403; an admin and the API token get the answer', async () => {
    const visitor = await request(app()).get('/api/admin/feedback').expect(401);
    expect(visitor.body.error.message).toBe('Usuario no autenticado');
    const { agent: fan } = await signedInAgent(app(), database.db);
    const forbidden = await fan.get('/api/admin/feedback').expect(403);
    expect(forbidden.body.error.message).toBe('No tienes permisos de administrador.');
    const { agent } = await admin();
    const answer = await agent.get('/api/admin/feedback').expect(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    await request(app()).get('/api/admin/feedback').set('X-Admin-Token', API_TOKEN).expect(200);
    await request(app()).get('/api/admin/feedback').set('X-Admin-Token', 'otro').expect(403);
  });
});

describe('the counts', () => {
  it('says so when there is nothing: every engine and level at zero, no concerts', async () => {
    const { agent } = await admin();
    const res = await agent.get('/api/admin/feedback').expect(200);
    expect(res.body).toEqual({
      days: 30,
      since: daysAgo(30).toISOString(),
      counts: countsWith({}),
      mostDisliked: [],
      learning: {
        fans: 0,
        moves: [
          { direction: 'up', scores: 0, thumbsUp: 0, thumbsDown: 0 },
          { direction: 'down', scores: 0, thumbsUp: 0, thumbsDown: 0 },
        ],
      },
    });
  });

  it('counts 👍 and 👎 of the last 30 days per engine and level, a null engine as builtin', async () => {
    const [ana, bea, carlos, dani] = await Promise.all([fan(), fan(), fan(), fan()]);
    const alfa = await createBand(database.db, { band_name: 'Alfa' });
    const zeta = await createBand(database.db, { band_name: 'Zeta' });
    const bands = await createConcert(database.db, {
      day: '2026-03-20',
      venue: 'Es Gremi',
      bandIds: [zeta.id, alfa.id],
    });
    const named = await createConcert(database.db, {
      day: '2026-03-21',
      venue: 'Teatre Principal',
      bandname: 'Noche de jazz',
    });
    const bare = await createConcert(database.db, {
      day: '2026-03-22',
      venue: 'Sala Tren',
      bandname: null,
      genre: 'Jazz',
    });
    const recent = daysAgo(2);
    await Promise.all([
      // builtin, extreme: 2 👍 (one with no engine recorded), 1 👎
      giveFeedback({ userId: ana, concertId: bands.id, score: 'extreme', feedback: 1, at: recent }),
      giveFeedback({
        userId: bea,
        concertId: bands.id,
        engine: null,
        score: 'extreme',
        feedback: 1,
        at: daysAgo(29.9),
      }),
      giveFeedback({
        userId: carlos,
        concertId: bands.id,
        score: 'extreme',
        feedback: -1,
        at: recent,
      }),
      // builtin, low: 2 👎
      giveFeedback({ userId: ana, concertId: named.id, score: 'low', feedback: -1, at: recent }),
      giveFeedback({ userId: bea, concertId: named.id, score: 'low', feedback: -1, at: recent }),
      // openai, high: 1 👍 1 👎; openai, medium: 1 👍
      giveFeedback({
        userId: carlos,
        concertId: named.id,
        engine: 'openai',
        score: 'high',
        feedback: 1,
        at: recent,
      }),
      giveFeedback({
        userId: dani,
        concertId: named.id,
        engine: 'openai',
        score: 'high',
        feedback: -1,
        at: recent,
      }),
      giveFeedback({
        userId: ana,
        concertId: bare.id,
        engine: 'openai',
        score: 'medium',
        feedback: 1,
        at: recent,
      }),
      // Not counted: given more than 30 days ago (though the row was touched today), taken back
      // (0), and a 👎 on a row whose score was cleared (no level; the concert still counts below).
      giveFeedback({
        userId: bea,
        concertId: bare.id,
        engine: 'openai',
        score: 'extreme',
        feedback: 1,
        at: daysAgo(30.1),
      }),
      giveFeedback({ userId: carlos, concertId: bare.id, score: 'high', feedback: 0, at: recent }),
      giveFeedback({
        userId: dani,
        concertId: bare.id,
        engine: null,
        score: null,
        feedback: -1,
        at: recent,
      }),
      giveFeedback({
        userId: dani,
        concertId: bands.id,
        score: 'low',
        feedback: -1,
        at: daysAgo(45),
      }),
    ]);

    const { agent } = await admin();
    const res = await agent.get('/api/admin/feedback').expect(200);
    expect(res.body.counts).toEqual(
      countsWith({
        'builtin extreme': [2, 1],
        'builtin low': [0, 2],
        'openai high': [1, 1],
        'openai medium': [1, 0],
      }),
    );
    expect(res.body.mostDisliked).toEqual([
      {
        id: named.id,
        title: 'Noche de jazz',
        day: '2026-03-21',
        venue: 'Teatre Principal',
        thumbsDown: 3,
      },
      { id: bands.id, title: 'Alfa + Zeta', day: '2026-03-20', venue: 'Es Gremi', thumbsDown: 1 },
      {
        id: bare.id,
        title: 'Concierto de Jazz',
        day: '2026-03-22',
        venue: 'Sala Tren',
        thumbsDown: 1,
      },
    ]);
  });
});

describe('the concerts with the most 👎', () => {
  it('most first (ties: lower id first), at most 10, only 👎 of the last 30 days', async () => {
    const users: string[] = [];
    for (let u = 0; u < 12; u++) users.push(await fan());
    const concertIds: number[] = [];
    for (let i = 1; i <= 13; i++)
      concertIds.push((await createConcert(database.db, { bandname: `C${i}` })).id);
    /** Concert Cn's id and fan n's id (from 1). */
    const concert = (n: number) => defined(concertIds[n - 1], `el concierto C${n}`);
    const user = (n: number) => defined(users[n - 1], `el fan ${n}`);
    const recent = daysAgo(1);
    const rows: FeedbackRow[] = [];
    const give = (n: number, from: number, to: number, feedback: -1 | 0 | 1, at = recent) => {
      for (let u = from; u <= to; u++)
        rows.push({ userId: user(u), concertId: concert(n), feedback, at });
    };
    for (let n = 1; n <= 9; n++) give(n, 1, n, -1); // Cn: n 👎
    give(10, 1, 5, -1); // C10: 5, ties C5
    give(11, 1, 12, -1, daysAgo(31)); // C11: 12, all too old
    give(12, 1, 11, 1); // C12: 11 👍 and 1 👎
    give(12, 12, 12, -1);
    give(13, 1, 4, -1); // C13: 4 👎, and fans who took theirs back
    give(13, 5, 12, 0);
    for (const row of rows) await giveFeedback(row);

    const { agent } = await admin();
    const res = await agent.get('/api/admin/feedback').expect(200);
    expect(
      res.body.mostDisliked.map((c: { title: string; thumbsDown: number }) => [
        c.title,
        c.thumbsDown,
      ]),
    ).toEqual([
      ['C9', 9],
      ['C8', 8],
      ['C7', 7],
      ['C6', 6],
      ['C5', 5],
      ['C10', 5],
      ['C4', 4],
      ['C13', 4],
      ['C3', 3],
      ['C2', 2],
    ]);
  });
});

describe('when a feedback counts as given', () => {
  it('setting it stamps feedback_at; a like later does not move it, so old feedback stays old', async () => {
    const live = createTestApp({ database, env: { ADMIN_API_TOKEN: API_TOKEN } }).app;
    const asAdmin = (path: string) => request(live).get(path).set('X-Admin-Token', API_TOKEN);
    const concert = await createConcert(database.db, { bandname: 'Sa Fosca' });
    const { agent, userId } = await signedInAgent(live, database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: userId, concert_id: concert.id, score: 'high', engine: 'openai' })
      .execute();

    await agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: -1 }).expect(200);
    let res = await asAdmin('/api/admin/feedback').expect(200);
    expect(res.body.counts).toContainEqual({
      engine: 'openai',
      score: 'high',
      thumbsUp: 0,
      thumbsDown: 1,
    });
    expect(res.body.mostDisliked).toEqual([expect.objectContaining({ id: concert.id })]);

    // Taken back: nothing counts.
    await agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: 0 }).expect(200);
    res = await asAdmin('/api/admin/feedback').expect(200);
    expect(res.body.counts.every((c: { thumbsDown: number }) => c.thumbsDown === 0)).toBe(true);
    expect(res.body.mostDisliked).toEqual([]);

    // A 👍 given 40 days ago, then a like today: the row's updated_at moves, feedback_at does not.
    await agent.put(`/api/concerts/${concert.id}/feedback`).send({ feedback: 1 }).expect(200);
    const stamped = await database.db
      .selectFrom('user_concert_recommendations')
      .select(['feedback_at'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Date.now() - new Date(stamped.feedback_at!).getTime())).toBeLessThan(60_000);
    await database.db
      .updateTable('user_concert_recommendations')
      .set({ feedback_at: new Date(Date.now() - 40 * DAY_MS) })
      .where('user_id', '=', userId)
      .execute();
    await agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(200);
    res = await asAdmin('/api/admin/feedback').expect(200);
    expect(res.body.counts.every((c: { thumbsUp: number }) => c.thumbsUp === 0)).toBe(true);
  });
});
