// The instance caches (server/cache): sessions, users and agendas reused while the change feed is
// live, forgotten when anything changes them on this instance or another one.
import type { Express } from 'express';
import request from 'supertest';
import { ChangeFeed } from '../server/cache/change-feed.js';
import { LocalCache, watchedCache } from '../server/cache/local-cache.js';
import { MAX_STALE_MS } from '../server/concerts/like-counts.js';
import { createLogger } from '../server/lib/logger.js';
import { publicSessionId } from '../server/users/sessions.service.js';
import { createTestApp } from './helpers/app.js';
import { listenToChanges, useChangeFeeds } from './helpers/change-feeds.js';
import { useTestDatabase } from './helpers/db.js';
import { eventually } from './helpers/eventually.js';
import { hashPassword } from '../server/accounts/password.js';
import { createConcert, createUser, type UserOverrides } from './helpers/factories.js';
import { TEST_PASSWORD } from './helpers/session.js';

const database = useTestDatabase({ poolSize: 20, cleared: ['concerts', 'users'] });
const startFeed = useChangeFeeds(database);

/** 1:00 in Madrid on 21 November 2026, movable. */
let now = new Date('2026-11-21T00:00:00Z');
const clock = () => new Date(now);

async function instance(feed?: ChangeFeed): Promise<Express> {
  return createTestApp({ database, clock, feed: feed ?? (await startFeed()) }).app;
}

/** Moves a concert to `venue` straight in SQL, behind the app's back. */
const moveConcert = (id: number, venue: string) =>
  database.db.updateTable('concerts').set({ venue }).where('id', '=', id).execute();

/** Live, but deaf to the database: only this instance's own forgets reach its caches. */
class DeafFeed extends ChangeFeed {
  protected override receive(): void {}
}

async function deafInstance(): Promise<Express> {
  return instance(await startFeed(new DeafFeed(database.url, createLogger('silent'))));
}

/** Signs a new fan in on `app`; the cookie works on every instance (same secret, same table). */
async function signIn(app: Express, overrides: UserOverrides = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD, 4);
  const user = await createUser(database.db, { password_hash: await passwordHash, ...overrides });
  const res = await request(app)
    .post('/api/auth/login')
    .send({ email: user.email, password: TEST_PASSWORD })
    .expect(200);
  const cookie = res.headers['set-cookie']![0]!.split(';')[0]!;
  const agent = {
    put: (url: string) => request(app).put(url).set('Cookie', cookie),
    patch: (url: string) => request(app).patch(url).set('Cookie', cookie),
    post: (url: string) => request(app).post(url).set('Cookie', cookie),
  };
  return { agent, userId: user.user_id, email: user.email, cookie };
}

/** Another sign-in of an existing fan (another device): a new session cookie. */
async function signInAgain(app: Express, email: string) {
  const res = await request(app)
    .post('/api/auth/login')
    .send({ email, password: TEST_PASSWORD })
    .expect(200);
  return res.headers['set-cookie']![0]!.split(';')[0]!;
}
let passwordHash: Promise<string> | undefined;

const sessionOf = async (app: Express, cookie: string) =>
  (await request(app).get('/api/session').set('Cookie', cookie).expect(200)).body.user;

const agendaOf = async (app: Express, cookie?: string) => {
  const req = request(app).get('/api/concerts');
  if (cookie) req.set('Cookie', cookie);
  return (await req.expect(200)).body.concerts as Array<{
    id: number;
    venue: string;
    recommendation: { liked: boolean; score: string | null } | null;
  }>;
};

const likeCountsOf = async (app: Express) =>
  (await request(app).get('/api/concerts/likes').expect(200)).body.likeCounts as Record<
    string,
    number
  >;

async function scoredConcert(userId: string, day = '2026-11-25') {
  const concert = await createConcert(database.db, { day });
  await database.db
    .insertInto('user_concert_recommendations')
    .values({ user_id: userId, concert_id: concert.id, score: 'high', reason: 'Te gusta el Rock.' })
    .execute();
  return concert;
}

describe('sessions and users', () => {
  it('a sign-out on one instance ends the session on another that had it cached', async () => {
    const [a, b] = [await instance(), await instance()];
    const { agent, cookie, userId } = await signIn(a);
    expect((await sessionOf(b, cookie)).id).toBe(userId);
    expect((await sessionOf(b, cookie)).id).toBe(userId); // now from b's cache

    await agent.post('/api/auth/logout').expect(204);
    await eventually(async () => expect(await sessionOf(b, cookie)).toBeNull());
  });

  it('a sign-out ends the session at once on the instance that did it', async () => {
    const app = await deafInstance();
    const { agent, cookie, userId } = await signIn(app);
    await scoredConcert(userId);
    expect((await sessionOf(app, cookie)).id).toBe(userId);
    expect((await agendaOf(app, cookie))[0]!.recommendation).not.toBeNull();
    expect((await agendaOf(app, cookie))[0]!.recommendation).not.toBeNull(); // kept

    await agent.post('/api/auth/logout').expect(204);
    expect(await sessionOf(app, cookie)).toBeNull();
    expect((await agendaOf(app, cookie))[0]!.recommendation).toBeNull(); // a visitor's agenda
  });

  it('never answers a kept agenda to a cookie whose signature does not check out', async () => {
    const app = await deafInstance();
    const { cookie, userId } = await signIn(app);
    await scoredConcert(userId);
    expect((await agendaOf(app, cookie))[0]!.recommendation).not.toBeNull();
    expect((await agendaOf(app, cookie))[0]!.recommendation).not.toBeNull(); // kept
    const [name, value] = cookie.split('=') as [string, string];
    const signed = decodeURIComponent(value);
    const forged = `${name}=${encodeURIComponent(`${signed.slice(0, -2)}xy`)}`;
    expect((await agendaOf(app, forged))[0]!.recommendation).toBeNull();
    const unsigned = `${name}=${encodeURIComponent(signed.slice(2, signed.lastIndexOf('.')))}`;
    expect((await agendaOf(app, unsigned))[0]!.recommendation).toBeNull();
  });

  it('a change saved on one instance is seen at once there and soon on the other', async () => {
    const [a, b] = [await deafInstance(), await instance()];
    const { agent, cookie } = await signIn(a, { name: 'Ana' });
    expect((await sessionOf(a, cookie)).name).toBe('Ana');
    expect((await sessionOf(b, cookie)).name).toBe('Ana');

    await agent.patch('/api/profile').send({ name: 'Ana María' }).expect(200);
    // Read-your-writes where it was saved: no waiting for the notice.
    expect((await sessionOf(a, cookie)).name).toBe('Ana María');
    await eventually(async () => expect((await sessionOf(b, cookie)).name).toBe('Ana María'));
  });

  it('a user made admin straight in SQL is seen as admin once the notice arrives', async () => {
    const app = await instance();
    const { cookie, userId } = await signIn(app);
    expect((await sessionOf(app, cookie)).isAdmin).toBe(false);
    await database.db
      .updateTable('users')
      .set({ is_admin: true })
      .where('user_id', '=', userId)
      .execute();
    await eventually(async () => expect((await sessionOf(app, cookie)).isAdmin).toBe(true));
  });
});

describe('ending sessions and their lifetime', () => {
  it('a session ended from the list is refused at once here, and soon on another instance', async () => {
    const [a, b] = [await deafInstance(), await instance()];
    const ana = await signIn(a);
    const phone = await signInAgain(a, ana.email);
    const tablet = await signInAgain(a, ana.email);
    await scoredConcert(ana.userId, '2029-06-01');
    for (const cookie of [phone, tablet]) {
      expect((await sessionOf(a, cookie)).id).toBe(ana.userId);
      expect((await sessionOf(b, cookie)).id).toBe(ana.userId);
      expect((await agendaOf(a, cookie))[0]!.recommendation).not.toBeNull();
      expect((await agendaOf(a, cookie))[0]!.recommendation).not.toBeNull(); // the fast lane
    }
    const list = await request(a).get('/api/profile/sessions').set('Cookie', ana.cookie);
    expect(list.body.sessions).toHaveLength(3);
    const phoneSid = decodeURIComponent(phone.split('=')[1]!).slice(2).split('.')[0]!;
    const phoneId = publicSessionId(phoneSid);

    await request(a)
      .delete(`/api/profile/sessions/${phoneId}`)
      .set('Cookie', ana.cookie)
      .expect(204);
    // The deaf instance hears no notice: only its own forgetting can refuse the cached session.
    expect(await sessionOf(a, phone)).toBeNull();
    expect((await agendaOf(a, phone))[0]!.recommendation).toBeNull();
    expect((await sessionOf(a, tablet)).id).toBe(ana.userId);
    await eventually(async () => expect(await sessionOf(b, phone)).toBeNull());

    await ana.agent.post('/api/profile/sessions/end-others').expect(204);
    expect(await sessionOf(a, tablet)).toBeNull();
    expect((await agendaOf(a, tablet))[0]!.recommendation).toBeNull();
    await eventually(async () => expect(await sessionOf(b, tablet)).toBeNull());
    expect((await sessionOf(a, ana.cookie)).id).toBe(ana.userId);
  });

  it('a session past its absolute lifetime is refused by the fast lane and the caches', async () => {
    const app = await deafInstance();
    const { cookie, userId } = await signIn(app);
    await scoredConcert(userId, '2029-06-01');
    const start = now;
    try {
      expect((await agendaOf(app, cookie))[0]!.recommendation).not.toBeNull();
      expect((await agendaOf(app, cookie))[0]!.recommendation).not.toBeNull(); // the fast lane
      now = new Date(start.getTime() + 90 * 24 * 60 * 60 * 1000 - 1);
      expect((await agendaOf(app, cookie))[0]!.recommendation).not.toBeNull();
      now = new Date(start.getTime() + 90 * 24 * 60 * 60 * 1000);
      // Everything (session, user, agenda) is still in this deaf instance's caches.
      expect((await agendaOf(app, cookie))[0]!.recommendation).toBeNull();
      expect(await sessionOf(app, cookie)).toBeNull();
    } finally {
      now = start;
    }
  });
});

describe('the agenda', () => {
  it('answers a repeated request with the same bytes and 304 to If-None-Match', async () => {
    const app = await instance();
    const { cookie, userId } = await signIn(app);
    await scoredConcert(userId);
    const first = await request(app).get('/api/concerts').set('Cookie', cookie).expect(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const second = await request(app).get('/api/concerts').set('Cookie', cookie).expect(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toEqual(first.body);
    await request(app)
      .get('/api/concerts')
      .set('Cookie', cookie)
      .set('If-None-Match', first.headers.etag!)
      .expect(304);
  });

  it('keeps the plain answer too, for a client that does not take gzip', async () => {
    const app = await deafInstance();
    const { agent, cookie, userId } = await signIn(app);
    const concert = await scoredConcert(userId);
    const plain = () =>
      request(app).get('/api/concerts').set('Cookie', cookie).set('Accept-Encoding', 'identity');
    const first = await plain().expect(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body.concerts[0].recommendation.score).toBe('high');
    const gzipped = await request(app).get('/api/concerts').set('Cookie', cookie).expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body).toEqual(first.body);
    expect(gzipped.headers.etag).not.toBe(first.headers.etag);

    // A change no notice reports stays unseen: the plain answer is kept, not built again.
    await database.db
      .updateTable('user_concert_recommendations')
      .set({ score: 'low' })
      .where('concert_id', '=', concert.id)
      .execute();
    const second = await plain().expect(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body.concerts[0].recommendation.score).toBe('high');
    await plain().set('If-None-Match', first.headers.etag!).expect(304);

    // The fan's own write forgets it here at once: a new body, a new ETag.
    await agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(200);
    const third = await plain().expect(200);
    expect(third.body.concerts[0]).toMatchObject({
      recommendation: { liked: true, score: 'low' },
    });
    expect(third.headers.etag).not.toBe(first.headers.etag);
  });

  it('shows a like made on one instance in the like counts of the other, at most MAX_STALE_MS late', async () => {
    const feedB = await startFeed();
    const [a, b] = [await deafInstance(), await instance(feedB)];
    const likesSeenByB: string[] = [];
    feedB.on('likes', (key) => likesSeenByB.push(key)); // after the app's own handlers
    const ana = await signIn(a);
    const luis = await signIn(a);
    const concert = await scoredConcert(ana.userId);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: luis.userId, concert_id: concert.id, score: 'low', reason: 'No.' })
      .execute();
    expect(await likeCountsOf(b)).toEqual({});
    const luisBefore = await request(b).get('/api/concerts').set('Cookie', luis.cookie).expect(200);

    await ana.agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(200);
    // Where it was made, the fan's agenda shows it on the very next request...
    expect((await agendaOf(a, ana.cookie))[0]!.recommendation).toMatchObject({ liked: true });
    // ...and everywhere once the notice of their row arrives.
    await eventually(async () =>
      expect((await agendaOf(b, ana.cookie))[0]!.recommendation).toMatchObject({ liked: true }),
    );
    // Another fan's kept agenda is not voided by a like: it has no like counts in it.
    await eventually(() => expect(likesSeenByB).toContain(String(concert.id)));
    await request(b)
      .get('/api/concerts')
      .set('Cookie', luis.cookie)
      .set('If-None-Match', luisBefore.headers.etag!)
      .expect(304);
    // The counts: the kept answer may serve the old count for MAX_STALE_MS after the notice,
    expect(await likeCountsOf(b)).toEqual({});
    // and no longer.
    const start = now;
    try {
      now = new Date(start.getTime() + MAX_STALE_MS);
      expect(await likeCountsOf(b)).toEqual({ [concert.id]: 1 });
    } finally {
      now = start;
    }
  });

  it('says likes:<concert> for a like and concerts:* for any other change to a concert', async () => {
    const { notices, end } = await listenToChanges(database);
    try {
      const concert = await createConcert(database.db, { day: '2026-11-25' });
      await eventually(() => expect(notices).toContain('concerts:*'));
      notices.length = 0;
      const ana = await signIn(await instance());
      await ana.agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(200);
      await eventually(() => expect(notices).toContain(`likes:${concert.id}`));
      expect(notices).toContain(`agenda:${ana.userId}`);
      expect(notices).not.toContain('concerts:*');
      await database.db
        .updateTable('concerts')
        .set({ venue: 'Sala Mile', like_count: 5 })
        .where('id', '=', concert.id)
        .execute();
      await eventually(() => expect(notices).toContain('concerts:*'));
    } finally {
      await end();
    }
  });

  it('shows a concert edited anywhere (here straight in SQL) once the notice arrives', async () => {
    const app = await instance();
    const concert = await createConcert(database.db, { day: '2026-11-25' });
    expect((await agendaOf(app))[0]!.venue).toBe('Es Gremi');
    await moveConcert(concert.id, 'Sala Mile');
    await eventually(async () => expect((await agendaOf(app))[0]!.venue).toBe('Sala Mile'));
  });

  it('is kept: a change no notice reports stays unseen (the deaf instance proves the cache works)', async () => {
    const app = await deafInstance();
    const { cookie, userId } = await signIn(app);
    const concert = await scoredConcert(userId);
    expect((await agendaOf(app, cookie))[0]!.recommendation!.score).toBe('high');
    await database.db
      .updateTable('user_concert_recommendations')
      .set({ score: 'low' })
      .where('concert_id', '=', concert.id)
      .execute();
    expect((await agendaOf(app, cookie))[0]!.recommendation!.score).toBe('high');
  });

  it('never keeps an agenda that is still being scored', async () => {
    const app = await deafInstance();
    const { cookie, userId } = await signIn(app);
    await scoredConcert(userId, '2026-11-25');
    const pending = await createConcert(database.db, { day: '2026-11-26' });
    expect((await agendaOf(app, cookie))[1]!.recommendation).toBeNull();
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: userId, concert_id: pending.id, score: 'medium', reason: 'Quizá.' })
      .execute();
    expect((await agendaOf(app, cookie))[1]!.recommendation!.score).toBe('medium');
  });

  it('drops a kept agenda once its first concert is no longer upcoming', async () => {
    const app = await deafInstance();
    const early = await createConcert(database.db, { day: '2026-11-21', hour: '10:00' });
    const late = await createConcert(database.db, { day: '2026-11-22', hour: '10:00' });
    now = new Date('2026-11-21T00:00:00Z');
    expect((await agendaOf(app)).map((c) => c.id)).toEqual([early.id, late.id]);
    // 12:00:01 in Madrid: the 10:00 concert started over 2 hours ago.
    now = new Date('2026-11-21T11:00:01Z');
    expect((await agendaOf(app)).map((c) => c.id)).toEqual([late.id]);
    now = new Date('2026-11-21T00:00:00Z');
  });

  it('with the notice connection cut, reads the database every time, then caches again', async () => {
    const feed = await startFeed();
    const app = createTestApp({ database, clock, feed }).app;
    const concert = await createConcert(database.db, { day: '2026-11-25' });
    expect((await agendaOf(app))[0]!.venue).toBe('Es Gremi');

    await database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE query = 'LISTEN cm_changes' AND datname = current_database()`,
    );
    await eventually(() => expect(feed.live).toBe(false));
    await moveConcert(concert.id, 'Sala Mile');
    expect((await agendaOf(app))[0]!.venue).toBe('Sala Mile'); // nothing served from memory

    await eventually(() => expect(feed.live).toBe(true));
    expect((await agendaOf(app))[0]!.venue).toBe('Sala Mile');
    await moveConcert(concert.id, 'Es Gremi');
    await eventually(async () => expect((await agendaOf(app))[0]!.venue).toBe('Es Gremi'));
  });
});

describe('LocalCache', () => {
  it('keeps nothing while the feed is down and refuses a read that overlapped a change to its key', async () => {
    const feed = new ChangeFeed(database.url, createLogger('silent'));
    const cache = watchedCache<string>(feed, 'user', { ttlMs: 60_000, maxSize: 10 });
    cache.set('k', 'v', cache.epoch);
    expect(cache.get('k')).toBeUndefined(); // not started: not live

    await startFeed(feed);
    let epoch = cache.epoch;
    feed.forget('user', 'k'); // a change to this key while "reading"
    cache.set('k', 'stale', epoch);
    expect(cache.get('k')).toBeUndefined();

    epoch = cache.epoch;
    feed.forget('user', '*'); // everything forgotten while "reading"
    cache.set('k', 'stale', epoch);
    expect(cache.get('k')).toBeUndefined();

    epoch = cache.epoch;
    feed.forget('user', 'someone'); // another key: the read of k is still right
    feed.forget('session', 'k'); // another kind
    cache.set('k', 'fresh', epoch);
    expect(cache.get('k')).toBe('fresh');
  });

  it('forgets after its TTL and drops the oldest entries beyond its size', async () => {
    const feed = await startFeed();
    let time = 0;
    const cache = new LocalCache<string>(feed, { ttlMs: 1000, maxSize: 2 }, () => time);
    cache.set('a', '1', cache.epoch);
    cache.set('b', '2', cache.epoch);
    cache.set('c', '3', cache.epoch);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, '2', '3']);
    time = 1000;
    expect(cache.get('b')).toBeUndefined();
  });
});
