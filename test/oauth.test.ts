// Google and Spotify sign-in against real protocol peers: oauth2-mock-server for the OAuth
// endpoints and a local HTTP server for Spotify's Web API.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { mapSpotifyGenre, rankGenres } from '../server/auth/oauth/spotify-genres.js';
import { fetchTopArtists, mergeArtists } from '../server/auth/oauth/spotify-top-artists.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { defined } from './helpers/defined.js';
import { eventually } from './helpers/eventually.js';
import { createUser } from './helpers/factories.js';
import { googleEnv, spotifyEnv, useOAuthPeer, useSpotifyApi } from './helpers/oauth-peer.js';
import { useSmtpSink } from './helpers/smtp-sink.js';

const database = useTestDatabase({ cleared: ['users'] });
const oauth = useOAuthPeer();
const spotifyApi = useSpotifyApi();
const smtp = useSmtpSink();

const PUBLIC_URL = 'http://localhost:3000';
// Failures come back to the landing as a code only; the landing holds the texts.
const GOOGLE_FAILED = 'google_failed';
const SPOTIFY_EMAIL_TAKEN = 'spotify_email_taken';
const errorRedirect = (code: string) => `/?error=${code}`;

function newApp(providers: { google?: boolean; spotify?: boolean; mail?: boolean } = {}): Express {
  const { google = true, spotify = true, mail = false } = providers;
  const env: Record<string, string> = { PUBLIC_URL, ...(mail ? { SMTP_URL: smtp.url } : {}) };
  if (google) {
    Object.assign(env, googleEnv(oauth));
  }
  if (spotify) {
    Object.assign(env, spotifyEnv(oauth, spotifyApi));
  }
  return createTestApp({ database, env }).app;
}

const sessionCookie = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((cookie) => cookie.startsWith('cm.sid='))
    ?.split(';')[0];

/** GET /auth/<provider>, then the provider's /authorize, which sends the browser back with a code. */
async function startSignIn(agent: ReturnType<typeof request.agent>, provider: string) {
  const start = await agent.get(`/auth/${provider}`).expect(302);
  const authorize = new URL(defined(start.headers.location, 'Location'));
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${oauth.url}/authorize`);
  const atProvider = await request(authorize.origin)
    .get(`${authorize.pathname}${authorize.search}`)
    .expect(302);
  const back = new URL(defined(atProvider.headers.location, 'Location'));
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/${provider}/callback`);
  return { start, authorize, callbackPath: `${back.pathname}${back.search}` };
}

async function signIn(agent: ReturnType<typeof request.agent>, provider: string) {
  const { callbackPath } = await startSignIn(agent, provider);
  return agent.get(callbackPath).expect(302);
}

async function sessionUser(agent: ReturnType<typeof request.agent>) {
  const res = await agent.get('/api/session').expect(200);
  return res.body.user as { id: string; email: string; name: string | null } | null;
}

const waitForWelcomeMail = (userId: string) =>
  eventually(async () => {
    const row = await database.db
      .selectFrom('mail_deliveries')
      .select(['kind', 'to_email', 'status'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row?.status !== 'sent') throw new Error('no welcome mail was recorded');
    return row;
  }, 5000);

const identitiesOf = (userId: string) =>
  database.db
    .selectFrom('user_identities')
    .select(['provider', 'provider_user_id', 'email'])
    .where('user_id', '=', userId)
    .execute();

describe('Google sign-in', () => {
  it('creates a new account, signs it in with a new session id and sends the welcome mail', async () => {
    const agent = request.agent(newApp());
    await oauth.setUserinfo({
      sub: 'google-new',
      email: 'Nuevo@Gmail.com',
      email_verified: true,
      name: 'Nuevo Fan',
    });
    const { start, authorize, callbackPath } = await startSignIn(agent, 'google');
    expect(authorize.searchParams.get('state')).toMatch(/^\S{16,}$/);
    expect(authorize.searchParams.get('client_id')).toBe('google-client');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/google/callback`);
    expect(authorize.searchParams.get('scope')).toContain('email');

    const callback = await agent.get(callbackPath).expect(302);
    expect(callback.headers.location).toBe('/liked-music-genres');
    // The session that carried the state is replaced at sign-in (no session fixation).
    expect(sessionCookie(callback)).toBeDefined();
    expect(sessionCookie(callback)).not.toBe(sessionCookie(start));

    const user = await sessionUser(agent);
    expect(user).toMatchObject({ email: 'Nuevo@Gmail.com', name: 'Nuevo Fan' });
    const row = await database.db
      .selectFrom('users')
      .select(['password_hash', 'last_login', 'onboarding_completed'])
      .where('user_id', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, onboarding_completed: false });
    expect(row.last_login).toBeInstanceOf(Date);
    expect(await identitiesOf(user!.id)).toEqual([
      { provider: 'google', provider_user_id: 'google-new', email: 'Nuevo@Gmail.com' },
    ]);
    expect(await waitForWelcomeMail(user!.id)).toEqual({
      kind: 'welcome',
      to_email: 'Nuevo@Gmail.com',
      status: 'sent',
    });
  });

  it("saves a new account in the sign-in's language and welcomes it in that language", async () => {
    const agent = request.agent(newApp({ mail: true }));
    await oauth.setUserinfo({ sub: 'google-ca', email: 'aina@gmail.com', email_verified: true });
    const { callbackPath } = await startSignIn(agent, 'google');
    await agent.get(callbackPath).set('Accept-Language', 'ca-ES,ca;q=0.9').expect(302);
    const user = await sessionUser(agent);
    const row = await database.db
      .selectFrom('users')
      .select('locale')
      .where('user_id', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('ca');
    const mail = await smtp.waitForMail('aina@gmail.com');
    expect(mail.subject).toBe('Et donam la benvinguda a Conciertos Mallorca 🎶');
  });

  it('a returning user who finished onboarding goes to /myconcerts, same account', async () => {
    const app = newApp();
    await oauth.setUserinfo({
      sub: 'google-back',
      email: 'vuelve@gmail.com',
      email_verified: true,
    });
    const first = request.agent(app);
    await signIn(first, 'google');
    const { id } = (await sessionUser(first))!;
    await database.db
      .updateTable('users')
      .set({ onboarding_completed: true, last_login: new Date('2020-01-01T00:00:00Z') })
      .where('user_id', '=', id)
      .execute();

    const again = request.agent(app);
    const res = await signIn(again, 'google');
    expect(res.headers.location).toBe('/myconcerts');
    expect((await sessionUser(again))?.id).toBe(id);
    const users = await database.db.selectFrom('users').select(['last_login']).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.last_login!.getTime()).toBeGreaterThan(Date.parse('2021-01-01'));
    expect(await identitiesOf(id)).toHaveLength(1);
  });

  it('a verified Google email opens the existing account with that email (any case)', async () => {
    const existing = await createUser(database.db, {
      email: 'Ana@Example.com',
      onboarding_completed: true,
    });
    await oauth.setUserinfo({ sub: 'google-ana', email: 'ana@example.com', email_verified: true });
    const agent = request.agent(newApp());
    const res = await signIn(agent, 'google');
    expect(res.headers.location).toBe('/myconcerts');
    expect((await sessionUser(agent))?.id).toBe(existing.user_id);
    expect(await identitiesOf(existing.user_id)).toEqual([
      { provider: 'google', provider_user_id: 'google-ana', email: 'ana@example.com' },
    ]);
    expect(await database.db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
  });

  it('an unverified Google email never opens the existing account: the sign-in is refused', async () => {
    const existing = await createUser(database.db, { email: 'bea@example.com' });
    await oauth.setUserinfo({ sub: 'google-bea', email: 'bea@example.com', email_verified: false });
    const agent = request.agent(newApp());
    const res = await signIn(agent, 'google');
    expect(res.headers.location).toBe(errorRedirect('google_email_taken'));
    expect(await sessionUser(agent)).toBeNull();
    expect(await identitiesOf(existing.user_id)).toEqual([]);
    expect(await database.db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
  });

  it('a Google account without an email is refused', async () => {
    await oauth.setUserinfo({ sub: 'google-noemail', name: 'Sin Email' });
    const agent = request.agent(newApp());
    const res = await signIn(agent, 'google');
    expect(res.headers.location).toBe(errorRedirect('google_no_email'));
    expect(await sessionUser(agent)).toBeNull();
  });

  it('a tampered state is refused', async () => {
    await oauth.setUserinfo({ sub: 'google-csrf', email: 'csrf@gmail.com', email_verified: true });
    const agent = request.agent(newApp());
    const { callbackPath } = await startSignIn(agent, 'google');
    const tampered = callbackPath.replace(/state=[^&]+/, 'state=forged-state-value');
    const res = await agent.get(tampered).expect(302);
    expect(res.headers.location).toBe(errorRedirect(GOOGLE_FAILED));
    expect(await sessionUser(agent)).toBeNull();
    expect(await database.db.selectFrom('users').select('user_id').execute()).toEqual([]);
  });

  it('a callback on a browser that never started the sign-in is refused', async () => {
    const agent = request.agent(newApp());
    const { callbackPath } = await startSignIn(agent, 'google');
    const stranger = request.agent(newApp());
    const res = await stranger.get(callbackPath).expect(302);
    expect(res.headers.location).toBe(errorRedirect(GOOGLE_FAILED));
  });

  it('the person cancelling at Google, or a failed token exchange, ends with the error', async () => {
    const agent = request.agent(newApp());
    const { authorize } = await startSignIn(agent, 'google');
    const state = authorize.searchParams.get('state')!;
    const denied = await agent
      .get(`/auth/google/callback?error=access_denied&state=${state}`)
      .expect(302);
    expect(denied.headers.location).toBe(errorRedirect(GOOGLE_FAILED));

    await oauth.setUserinfo({
      sub: 'google-token',
      email: 'token@gmail.com',
      email_verified: true,
    });
    await oauth.failNextTokenRequest();
    const res = await signIn(agent, 'google');
    expect(res.headers.location).toBe(errorRedirect(GOOGLE_FAILED));
    expect(await sessionUser(agent)).toBeNull();
  });
});

const spotifyMe = (overrides: Record<string, unknown> = {}) => ({
  id: 'spotify-fan',
  email: 'fan@spotify.example',
  display_name: 'Fan de Spotify',
  country: 'ES',
  followers: { href: null, total: 42 },
  images: [
    { url: 'https://i.scdn.co/image/grande', height: 300, width: 300 },
    { url: 'https://i.scdn.co/image/pequena', height: 64, width: 64 },
  ],
  product: 'free',
  ...overrides,
});

const TOP_ARTISTS = {
  items: [
    { name: 'Rosalía', genres: ['flamenco', 'pop', 'r&b en espanol'] },
    { name: 'Bad Bunny', genres: ['reggaeton', 'trap latino', 'urbano latino'] },
    { name: 'Arctic Monkeys', genres: ['garage rock', 'modern rock', 'sheffield indie'] },
    { name: 'C. Tangana', genres: ['pop urbano', 'trap latino', 'urbano espanol'] },
    { name: 'Vetusta Morla', genres: ['spanish indie pop', 'spanish indie rock'] },
  ],
};

const spotifyColumnsOf = (userId: string) =>
  database.db
    .selectFrom('users')
    .select([
      'email',
      'name',
      'country',
      'followers',
      'profile_image',
      'spotify_id',
      'top_artists',
      'top_genres',
      'password_hash',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

describe('Spotify sign-in', () => {
  it('drops control characters from the names Spotify sends (PostgreSQL refuses NUL)', async () => {
    spotifyApi.me = spotifyMe({ display_name: 'Fan\u0000 de\u0007 Spotify' });
    spotifyApi.topArtists = {
      status: 200,
      body: {
        items: [
          { name: 'Rosa\u0000lía', genres: ['flamenco'] },
          { name: '\u0000', genres: [] },
        ],
      },
    };
    const agent = request.agent(newApp());
    const { callbackPath } = await startSignIn(agent, 'spotify');
    const res = await agent.get(callbackPath).expect(302);
    expect(res.headers.location).toBe('/liked-music-genres');
    const user = (await sessionUser(agent))!;
    const columns = await spotifyColumnsOf(user.id);
    expect(columns.name).toBe('Fan de Spotify');
    expect(columns.top_artists).toEqual(['Rosalía']);
    await waitForWelcomeMail(user.id);
  });

  it('creates the account with the Spotify profile, top artists and their genres', async () => {
    spotifyApi.me = spotifyMe();
    spotifyApi.topArtists = { status: 200, body: TOP_ARTISTS };
    const agent = request.agent(newApp());
    const { authorize, callbackPath } = await startSignIn(agent, 'spotify');
    expect(authorize.searchParams.get('client_id')).toBe('spotify-client');
    expect(authorize.searchParams.get('scope')).toBe(
      'user-read-email user-read-private user-top-read',
    );
    expect(authorize.searchParams.get('state')).toBeTruthy();
    const res = await agent.get(callbackPath).expect(302);
    expect(res.headers.location).toBe('/liked-music-genres');

    const user = (await sessionUser(agent))!;
    expect(user).toMatchObject({ email: 'fan@spotify.example', name: 'Fan de Spotify' });
    expect(await spotifyColumnsOf(user.id)).toEqual({
      email: 'fan@spotify.example',
      name: 'Fan de Spotify',
      country: 'ES',
      followers: 42,
      profile_image: 'https://i.scdn.co/image/grande',
      spotify_id: 'spotify-fan',
      top_artists: ['Rosalía', 'Bad Bunny', 'Arctic Monkeys', 'C. Tangana', 'Vetusta Morla'],
      // Pop: 3 artists; Hip-Hop, Rock, Indie: 2 each (in order of appearance); then Flamenco.
      top_genres: ['Pop', 'Hip-Hop', 'Rock', 'Indie', 'Flamenco'],
      password_hash: null,
    });
    expect(await identitiesOf(user.id)).toEqual([
      { provider: 'spotify', provider_user_id: 'spotify-fan', email: 'fan@spotify.example' },
    ]);
    const topRequest = spotifyApi.requests.find((r) => r.url.startsWith('/v1/me/top/artists'));
    expect(topRequest?.url).toBe('/v1/me/top/artists?limit=20');
    expect(topRequest?.authorization).toMatch(/^Bearer \S+$/);
    await waitForWelcomeMail(user.id);
  });

  it('a returning fan keeps their own artists first (no repeats) and their chosen genres', async () => {
    const app = newApp();
    spotifyApi.me = spotifyMe({ id: 'spotify-back', email: 'back@spotify.example' });
    const first = request.agent(app);
    await signIn(first, 'spotify');
    const { id } = (await sessionUser(first))!;
    await database.db
      .updateTable('users')
      .set({
        name: 'Mi nombre',
        top_artists: ['ROSALÍA', 'Extremoduro'],
        top_genres: ['Rock'],
        onboarding_completed: true,
      })
      .where('user_id', '=', id)
      .execute();

    spotifyApi.me = spotifyMe({
      id: 'spotify-back',
      email: 'back@spotify.example',
      followers: { total: 43 },
    });
    spotifyApi.topArtists = { status: 200, body: TOP_ARTISTS };
    const again = request.agent(app);
    const res = await signIn(again, 'spotify');
    expect(res.headers.location).toBe('/myconcerts');
    expect((await sessionUser(again))?.id).toBe(id);
    expect(await spotifyColumnsOf(id)).toMatchObject({
      name: 'Mi nombre',
      followers: 43,
      top_artists: [
        'ROSALÍA',
        'Extremoduro',
        'Bad Bunny',
        'Arctic Monkeys',
        'C. Tangana',
        'Vetusta Morla',
      ],
      top_genres: ['Rock'],
    });
  });

  it('still signs in when Spotify refuses the top artists (403, development mode)', async () => {
    spotifyApi.me = spotifyMe({ id: 'spotify-403', email: 'dev@spotify.example', images: [] });
    spotifyApi.topArtists = {
      status: 403,
      body: {
        error: { status: 403, message: 'Check settings on developer.spotify.com/dashboard' },
      },
    };
    const agent = request.agent(newApp());
    const res = await signIn(agent, 'spotify');
    expect(res.headers.location).toBe('/liked-music-genres');
    const user = (await sessionUser(agent))!;
    expect(await spotifyColumnsOf(user.id)).toMatchObject({
      spotify_id: 'spotify-403',
      country: 'ES',
      profile_image: null,
      top_artists: [],
      top_genres: [],
    });
  });

  it('never opens an existing account with the Spotify email: the sign-in is refused', async () => {
    const existing = await createUser(database.db, { email: 'Carla@Example.com' });
    spotifyApi.me = spotifyMe({ id: 'spotify-carla', email: 'carla@example.com' });
    spotifyApi.topArtists = { status: 200, body: TOP_ARTISTS };
    const agent = request.agent(newApp());
    const res = await signIn(agent, 'spotify');
    expect(res.headers.location).toBe(errorRedirect(SPOTIFY_EMAIL_TAKEN));
    expect(await sessionUser(agent)).toBeNull();
    expect(await identitiesOf(existing.user_id)).toEqual([]);
    const row = await spotifyColumnsOf(existing.user_id);
    expect(row).toMatchObject({ spotify_id: null, top_artists: [] });
    expect(await database.db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
  });

  it('a Spotify account without an email is refused', async () => {
    spotifyApi.me = spotifyMe({ id: 'spotify-noemail', email: undefined });
    const agent = request.agent(newApp());
    const res = await signIn(agent, 'spotify');
    expect(res.headers.location).toBe(errorRedirect('spotify_no_email'));
  });
});

describe('PKCE', () => {
  it('the peer, like the providers, refuses a code without its verifier or with a wrong one', async () => {
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const codeFor = async (pkce: Record<string, string>) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'google-client',
        redirect_uri: `${PUBLIC_URL}/auth/google/callback`,
        state: 'estado',
        ...pkce,
      });
      const res = await request(oauth.url).get(`/authorize?${query.toString()}`).expect(302);
      return new URL(defined(res.headers.location, 'Location')).searchParams.get('code')!;
    };
    const token = (body: Record<string, string>) =>
      request(oauth.url)
        .post('/token')
        .type('form')
        .auth('google-client', 'google-secret')
        .send({
          grant_type: 'authorization_code',
          redirect_uri: `${PUBLIC_URL}/auth/google/callback`,
          ...body,
        });
    const s256 = { code_challenge: challenge, code_challenge_method: 'S256' };

    // No verifier, a malformed one, a wrong one, or a code issued without a challenge: refused.
    expect((await token({ code: await codeFor(s256) })).status).toBe(400);
    expect((await token({ code: await codeFor(s256), code_verifier: 'corto' })).status).toBe(400);
    const wrong = await token({ code: await codeFor(s256), code_verifier: 'w'.repeat(43) });
    expect(wrong.status).toBe(400);
    const plain = await token({ code: await codeFor({}), code_verifier: verifier });
    expect(plain.status).toBe(400);
    // The right verifier gets a token, once.
    const code = await codeFor(s256);
    const ok = await token({ code, code_verifier: verifier }).expect(200);
    expect(ok.body.access_token).toEqual(expect.any(String));
    expect((await token({ code, code_verifier: verifier })).status).toBe(400);
  });

  it.each(['google', 'spotify'])(
    '%s: the authorization request carries an S256 challenge, the token request its verifier',
    async (provider) => {
      await oauth.setUserinfo({
        sub: 'google-pkce',
        email: 'pkce@gmail.com',
        email_verified: true,
      });
      spotifyApi.me = spotifyMe({ id: 'spotify-pkce', email: 'pkce@spotify.example' });
      await oauth.takeRequests(); // forget what earlier tests sent
      const agent = request.agent(newApp());
      const { authorize, callbackPath } = await startSignIn(agent, provider);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      const callback = await agent.get(callbackPath).expect(302);
      expect(callback.headers.location).toBe('/liked-music-genres');

      const [atAuthorize, atToken, ...rest] = await oauth.takeRequests();
      expect(rest).toEqual([]);
      expect(atAuthorize).toMatchObject({ endpoint: 'authorize', code_challenge_method: 'S256' });
      expect(atToken).toMatchObject({ endpoint: 'token', grant_type: 'authorization_code' });
      const challenge = atAuthorize?.endpoint === 'authorize' ? atAuthorize.code_challenge : '';
      const verifier = atToken?.endpoint === 'token' ? atToken.code_verifier : undefined;
      // RFC 7636: 43 to 128 unreserved characters, and the challenge is its SHA-256, base64url.
      expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
      expect(challenge).toBe(createHash('sha256').update(verifier!).digest('base64url'));
    },
  );

  it('each sign-in has its own challenge; an intercepted code is useless to another browser', async () => {
    await oauth.setUserinfo({
      sub: 'google-pkce2',
      email: 'pkce2@gmail.com',
      email_verified: true,
    });
    await oauth.takeRequests();
    const app = newApp();
    const first = request.agent(app);
    const second = request.agent(app);
    const one = await startSignIn(first, 'google');
    const two = await startSignIn(second, 'google');
    expect(one.authorize.searchParams.get('code_challenge')).not.toBe(
      two.authorize.searchParams.get('code_challenge'),
    );
    // An intercepted code (the first browser's), brought back with the attacker's own state: the
    // state passes, but the token request carries the attacker's verifier, not the one the
    // code's challenge was made from, so the provider refuses the code.
    const code = new URL(one.callbackPath, PUBLIC_URL).searchParams.get('code')!;
    const state = new URL(two.callbackPath, PUBLIC_URL).searchParams.get('state')!;
    const res = await second
      .get(`/auth/google/callback?code=${encodeURIComponent(code)}&state=${state}`)
      .expect(302);
    expect(res.headers.location).toBe(errorRedirect(GOOGLE_FAILED));
    expect(await sessionUser(second)).toBeNull();
  });
});

describe('providers that are not configured', () => {
  it.each(['/auth/google', '/auth/google/callback', '/auth/spotify', '/auth/spotify/callback'])(
    'GET %s answers 404 JSON',
    async (path) => {
      const res = await request(newApp({ google: false, spotify: false }))
        .get(path)
        .expect(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.body.error.message).toMatch(/^El inicio de sesión con (Google|Spotify) no está/);
    },
  );

  it('one provider on does not turn the other on', async () => {
    const app = newApp({ google: false, spotify: true });
    await request(app).get('/auth/google').expect(404);
    await request(app).get('/auth/spotify').expect(302);
  });
});

describe('Spotify genres onto ours', () => {
  it.each([
    ['minimal techno', ['Techno']],
    ['deep house', ['House']],
    ['edm', ['Música Electrónica']],
    ['electro house', ['House', 'Música Electrónica']],
    ['spanish indie rock', ['Indie', 'Rock']],
    ['nu metal', ['Metal']],
    ['pop punk', ['Punk', 'Pop']],
    ['trap latino', ['Hip-Hop']],
    ['rhythm and blues', ['R&B']],
    ['neo soul', ['R&B']],
    ['reggaeton', ['Reggaetón']],
    ['urbano latino', ['Reggaetón']],
    ['roots reggae', ['Reggae']],
    ['nuevo flamenco', ['Flamenco']],
    ['cool jazz', ['Jazz']],
    ['delta blues', ['Blues']],
    ['p-funk', ['Funk']],
    ['salsa', ['Salsa']],
    ['cantautor', ['Folk']],
    ['k-pop', ['Pop']],
    ['classical', []],
  ])('%s → %j', (spotifyGenre, ours) => {
    expect(mapSpotifyGenre(spotifyGenre)).toEqual(ours);
  });

  it('ranks by the number of artists, one vote per artist and genre', () => {
    expect(
      rankGenres([
        { genres: ['modern rock', 'garage rock', 'alternative rock'] },
        { genres: ['jazz'] },
        { genres: ['jazz fusion'] },
        { genres: [] },
      ]),
    ).toEqual(['Jazz', 'Rock']);
  });
});

describe('top artists helpers', () => {
  it('merges without repeats in any case, keeps the fan’s first, at most 50', () => {
    expect(mergeArtists(['Rosalía', ' Extremoduro '], ['ROSALÍA', 'Bad Bunny', ''])).toEqual([
      'Rosalía',
      'Extremoduro',
      'Bad Bunny',
    ]);
    const many = Array.from({ length: 60 }, (_, i) => `Artista ${i}`);
    expect(mergeArtists(['Mía'], many)).toHaveLength(50);
    expect(mergeArtists(['Mía'], many)[0]).toBe('Mía');
  });

  it('gives up on a Web API that does not answer in time', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    await expect(fetchTopArtists(`http://127.0.0.1:${port}`, 'token', 100)).rejects.toThrow(
      /timeout|aborted/i,
    );
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
