// Session lifetime (idle and absolute), the fan's list of sessions, and re-authentication of
// Google/Spotify-only accounts, against a Google peer (oauth2-mock-server).
import { createHash, randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { sql } from 'kysely';
import request from 'supertest';
import { hashPassword } from '../server/accounts/password.js';
import { createTestApp } from './helpers/app.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { createUser } from './helpers/factories.js';
import { googleEnv, oauthRoundTrip, useOAuthPeer } from './helpers/oauth-peer.js';

const database = useTestDatabase({ cleared: ['users', 'rate_limits'] });
const oauth = useOAuthPeer();
beforeEach(() => {
  now = new Date('2026-11-21T10:00:00Z');
});

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
let now = new Date('2026-11-21T10:00:00Z');
const clock = () => new Date(now);
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'tramuntana-luna-2931';
const NEW_PASSWORD = 'sa-calobra-nova-8172';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function newApp(): Express {
  return createTestApp({
    database,
    clock,
    env: {
      PUBLIC_URL,
      ...googleEnv(oauth),
    },
  }).app;
}

let passwordHash: Promise<string> | undefined;
async function passwordUser() {
  passwordHash ??= hashPassword(PASSWORD, 4);
  return createUser(database.db, { password_hash: await passwordHash });
}

const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((cookie) => cookie.startsWith('cm.sid='))
    ?.split(';')[0];

/** Signs in with the password from a browser; returns the session cookie. */
async function logIn(app: Express, email: string, userAgent = FIREFOX_LINUX) {
  const res = await request(app)
    .post('/api/auth/login')
    .set('User-Agent', userAgent)
    .send({ email, password: PASSWORD })
    .expect(200);
  return cookieOf(res)!;
}

const as = (app: Express, cookie: string) => ({
  get: (url: string) => request(app).get(url).set('Cookie', cookie),
  post: (url: string) => request(app).post(url).set('Cookie', cookie),
  delete: (url: string) => request(app).delete(url).set('Cookie', cookie),
});

const sessionUserOf = async (app: Express, cookie: string) =>
  (await as(app, cookie).get('/api/session').expect(200)).body.user as { id: string } | null;

const storedSessions = (userId: string) =>
  database.db
    .selectFrom('sessions')
    .select(['sid', 'sess'])
    .where('user_id', '=', userId)
    .execute() as Promise<
    Array<{ sid: string; sess: { createdAt?: number; authenticatedAt?: number; device?: string } }>
  >;

const googleSignIn = (agent: ReturnType<typeof request.agent>, start = '/auth/google') =>
  oauthRoundTrip(agent, start);

async function googleOnlyFan(agent: ReturnType<typeof request.agent>) {
  const sub = `google-${randomBytes(4).toString('hex')}`;
  await oauth.setUserinfo({
    sub,
    email: `${sub}@gmail.com`,
    email_verified: true,
    name: 'Fan de Google',
  });
  await googleSignIn(agent);
  const user = (await agent.get('/api/session').expect(200)).body.user as { id: string };
  return user.id;
}

describe('every sign-in stamps the session', () => {
  it('password login: created and authenticated now, with the device', async () => {
    const app = newApp();
    const user = await passwordUser();
    await logIn(app, user.email, SAFARI_IPHONE);
    const [stored] = await storedSessions(user.user_id);
    expect(stored!.sess).toMatchObject({
      createdAt: now.getTime(),
      authenticatedAt: now.getTime(),
      device: 'Safari en iPhone',
    });
  });

  it('registration, password reset and Google stamp it too', async () => {
    const app = newApp();
    const email = `nuevo-${randomBytes(4).toString('hex')}@example.com`;
    await request(app)
      .post('/api/auth/register')
      .set('User-Agent', FIREFOX_LINUX)
      .send({ email, password: PASSWORD })
      .expect(201);
    const { user_id } = await database.db
      .selectFrom('users')
      .select('user_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect((await storedSessions(user_id))[0]!.sess).toMatchObject({
      createdAt: now.getTime(),
      device: 'Firefox en Linux',
    });

    later(MINUTE);
    const token = 'token-de-prueba-para-restablecer';
    await database.db
      .insertInto('password_reset_tokens')
      .values({
        user_id,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 60 * MINUTE),
      })
      .execute();
    await request(app)
      .post('/api/auth/reset-password')
      .send({ token, password: NEW_PASSWORD })
      .expect(200);
    const afterReset = await storedSessions(user_id);
    expect(afterReset).toHaveLength(1);
    expect(afterReset[0]!.sess).toMatchObject({
      createdAt: now.getTime(),
      authenticatedAt: now.getTime(),
    });

    later(MINUTE);
    const googleId = await googleOnlyFan(request.agent(app));
    expect((await storedSessions(googleId))[0]!.sess).toMatchObject({
      createdAt: now.getTime(),
      authenticatedAt: now.getTime(),
      device: 'Navegador desconocido', // supertest's own User-Agent
    });
  });
});

describe('the absolute lifetime', () => {
  it('ends a session 90 days after its sign-in however active it is', async () => {
    const app = newApp();
    const user = await passwordUser();
    const cookie = await logIn(app, user.email);
    later(89 * DAY);
    expect((await sessionUserOf(app, cookie))?.id).toBe(user.user_id);
    await as(app, cookie).get('/api/profile').expect(200);

    later(DAY);
    expect(await sessionUserOf(app, cookie)).toBeNull();
    await as(app, cookie).get('/api/profile').expect(401);
    // Refused sessions are deleted, not merely ignored.
    expect(await storedSessions(user.user_id)).toEqual([]);
    // A new sign-in starts a new 90 days.
    const fresh = await logIn(app, user.email);
    expect((await sessionUserOf(app, fresh))?.id).toBe(user.user_id);
  });

  it('refuses a signed-in session without the sign-in stamp (made before it existed)', async () => {
    const app = newApp();
    const user = await passwordUser();
    const cookie = await logIn(app, user.email);
    await sql`UPDATE sessions SET sess = (sess::jsonb - 'createdAt')::json`.execute(database.db);
    expect(await sessionUserOf(app, cookie)).toBeNull();
  });
});

describe('the fan’s sessions', () => {
  it('lists only my live sessions, the current one first, and never a session id', async () => {
    const app = newApp();
    const me = await passwordUser();
    const someoneElse = await passwordUser();
    const phone = await logIn(app, me.email, SAFARI_IPHONE);
    later(5 * MINUTE);
    const laptop = await logIn(app, me.email, FIREFOX_LINUX);
    await logIn(app, someoneElse.email);

    const res = await as(app, laptop).get('/api/profile/sessions').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sessions = res.body.sessions as Array<Record<string, unknown>>;
    expect(sessions).toEqual([
      {
        id: expect.stringMatching(/^[\w-]{22}$/),
        device: 'Firefox en Linux',
        signedInAt: now.toISOString(),
        lastActiveAt: now.toISOString(),
        current: true,
      },
      {
        id: expect.stringMatching(/^[\w-]{22}$/),
        device: 'Safari en iPhone',
        signedInAt: new Date(now.getTime() - 5 * MINUTE).toISOString(),
        lastActiveAt: expect.any(String),
        current: false,
      },
    ]);
    // The other device sees the same two, with itself as the current one.
    const fromPhone = (await as(app, phone).get('/api/profile/sessions').expect(200)).body;
    expect(fromPhone.sessions.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
    expect(new Set(fromPhone.sessions.map((s: { id: string }) => s.id))).toEqual(
      new Set(sessions.map((s) => s.id)),
    );

    const sids = (await database.db.selectFrom('sessions').select('sid').execute()).map(
      (row) => row.sid,
    );
    expect(sids).toHaveLength(3);
    for (const sid of sids) {
      expect(res.text).not.toContain(sid);
      expect(JSON.stringify(fromPhone)).not.toContain(sid);
    }
  });

  it('leaves out sessions past their absolute lifetime', async () => {
    const app = newApp();
    const me = await passwordUser();
    await logIn(app, me.email, SAFARI_IPHONE);
    later(60 * DAY);
    const recent = await logIn(app, me.email);
    later(31 * DAY);
    const { sessions } = (await as(app, recent).get('/api/profile/sessions').expect(200)).body;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, device: 'Firefox en Linux' });
  });

  it('ends one session: its cookie gets 401 at once, the others keep working', async () => {
    const app = newApp();
    const me = await passwordUser();
    const phone = await logIn(app, me.email, SAFARI_IPHONE);
    const laptop = await logIn(app, me.email);
    const { sessions } = (await as(app, laptop).get('/api/profile/sessions').expect(200)).body;
    const phoneId = sessions.find((s: { current: boolean }) => !s.current).id as string;

    await as(app, laptop).delete(`/api/profile/sessions/${phoneId}`).expect(204);
    await as(app, phone).get('/api/profile').expect(401);
    await as(app, laptop).get('/api/profile').expect(200);
    const after = (await as(app, laptop).get('/api/profile/sessions').expect(200)).body;
    expect(after.sessions).toHaveLength(1);

    const again = await as(app, laptop).delete(`/api/profile/sessions/${phoneId}`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Esa sesión ya no está activa.');
  });

  it('cannot end someone else’s session, and refuses a malformed id', async () => {
    const app = newApp();
    const me = await passwordUser();
    const other = await passwordUser();
    const mine = await logIn(app, me.email);
    const theirs = await logIn(app, other.email);
    const { sessions } = (await as(app, theirs).get('/api/profile/sessions').expect(200)).body;

    const res = await as(app, mine).delete(`/api/profile/sessions/${sessions[0].id}`);
    expect(res.status).toBe(404);
    await as(app, theirs).get('/api/profile').expect(200);

    const bad = await as(app, mine).delete('/api/profile/sessions/no-es-un-id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Identificador de sesión no válido.');
  });

  it('ending the current session by its id signs out', async () => {
    const app = newApp();
    const me = await passwordUser();
    const cookie = await logIn(app, me.email);
    const { sessions } = (await as(app, cookie).get('/api/profile/sessions').expect(200)).body;
    await as(app, cookie).delete(`/api/profile/sessions/${sessions[0].id}`).expect(204);
    expect(await sessionUserOf(app, cookie)).toBeNull();
    expect(await storedSessions(me.user_id)).toEqual([]);
  });

  it('ends every other session and keeps this one', async () => {
    const app = newApp();
    const me = await passwordUser();
    const other = await passwordUser();
    const phone = await logIn(app, me.email, SAFARI_IPHONE);
    const tablet = await logIn(app, me.email);
    const laptop = await logIn(app, me.email);
    const theirs = await logIn(app, other.email);

    await as(app, laptop).post('/api/profile/sessions/end-others').expect(204);
    await as(app, phone).get('/api/profile').expect(401);
    await as(app, tablet).get('/api/profile').expect(401);
    await as(app, laptop).get('/api/profile').expect(200);
    await as(app, theirs).get('/api/profile').expect(200);
    const { sessions } = (await as(app, laptop).get('/api/profile/sessions').expect(200)).body;
    expect(sessions).toHaveLength(1);
  });
});

describe('re-authentication of an account without a password', () => {
  const REAUTH =
    'Por seguridad, vuelve a iniciar sesión para confirmar que eres tú. Después, inténtalo de nuevo.';

  it('a stale sign-in must sign in again before deleting the account', async () => {
    const app = newApp();
    const agent = request.agent(app);
    const userId = await googleOnlyFan(agent);
    const profile = (await agent.get('/api/profile').expect(200)).body;
    expect(profile).toMatchObject({ hasPassword: false, signInProviders: ['google'] });

    later(11 * MINUTE);
    const stale = await agent.delete('/api/profile').send({});
    expect(stale.status).toBe(403);
    expect(stale.body.error).toEqual({ code: 'reauth_required', message: REAUTH });
    expect(await storedSessions(userId)).toHaveLength(1);

    // Signing in again from /profile comes back to /profile, with a fresh sign-in.
    const back = await googleSignIn(agent, '/auth/google?returnTo=/profile');
    expect(back.headers.location).toBe('/profile');
    later(9 * MINUTE);
    await agent.delete('/api/profile').send({}).expect(204);
    expect(await rowsOf(database.db, 'users', { user_id: userId })).toEqual([]);
  });

  it('a fresh sign-in may set a password; a stale one may not', async () => {
    const app = newApp();
    const agent = request.agent(app);
    await googleOnlyFan(agent);
    later(10 * MINUTE + 1);
    const stale = await agent.post('/api/profile/password').send({ newPassword: NEW_PASSWORD });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('reauth_required');
    expect((await agent.get('/api/profile').expect(200)).body.hasPassword).toBe(false);

    await googleSignIn(agent);
    later(10 * MINUTE);
    await agent.post('/api/profile/password').send({ newPassword: NEW_PASSWORD }).expect(204);
    expect((await agent.get('/api/profile').expect(200)).body.hasPassword).toBe(true);
  });

  it('only /profile is accepted as the place to come back to', async () => {
    const app = newApp();
    const agent = request.agent(app);
    await googleOnlyFan(agent);
    const back = await googleSignIn(agent, '/auth/google?returnTo=https://evil.example/');
    expect(back.headers.location).toBe('/liked-music-genres');
  });
});
