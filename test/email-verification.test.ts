// Email verification (against pre-account takeover). The welcome mail carries a
// single-use link; an unverified address is reclaimed by its mailbox owner (a verified Google
// identity); Spotify never opens an account by email; ADMIN_EMAIL needs a verified address.
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import {
  ALREADY_VERIFIED,
  EMAIL_VERIFIED,
  EMAIL_VERIFIED_RECLAIMED,
  INVALID_VERIFICATION_LINK,
} from '../server/auth/email-verification.routes.js';
import { spanish as es } from './helpers/texts.js';
import { createLogger } from '../server/lib/logger.js';
import { TOO_MANY_MESSAGE } from '../server/security/rate-limit.js';
import { bootstrapAdmin } from '../server/accounts/admin-bootstrap.js';
import { createTestApp, testConfig } from './helpers/app.js';
import { rowOf, rowsOf, useTestDatabase } from './helpers/db.js';
import { createUser } from './helpers/factories.js';
import * as peers from './helpers/oauth-peer.js';
import { signedInAgent } from './helpers/session.js';
import { useSmtpSink } from './helpers/smtp-sink.js';

const PUBLIC_URL = 'http://localhost:3000';
const NO_SESSION = 'No hay sesión activa. Por favor, inicia sesión.';
const WRONG_CREDENTIALS = 'Email o contraseña incorrectos.';
// Refusals reach the landing as a code; the landing holds the text (common/auth/sign-in-errors.ts).
const SPOTIFY_EMAIL_TAKEN = 'spotify_email_taken';

const database = useTestDatabase({ cleared: ['users', 'rate_limits', 'band_submissions'] });
const smtp = useSmtpSink();
const oauth = peers.useOAuthPeer();
const spotifyApi = peers.useSpotifyApi();

function newApp(options: { clock?: () => Date; env?: Record<string, string> } = {}) {
  return createTestApp({
    database,
    clock: options.clock,
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      ...peers.googleEnv(oauth),
      ...peers.spotifyEnv(oauth, spotifyApi),
      ...options.env,
    },
  }).app;
}
type App = ReturnType<typeof newApp>;

async function register(app: App, email: string, password = 'secreto123') {
  const agent = request.agent(app);
  await agent.post('/api/auth/register').send({ email, password }).expect(201);
  return agent;
}

const LINK = /\/verificar-email#token=([\w%-]+)/;
function verificationTokenIn(mail: ParsedMail): string {
  const match = LINK.exec(mail.text ?? '');
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

const verify = (app: App, token: unknown) =>
  request(app).post('/api/auth/verify-email').send({ token });

const verifiedAtOf = async (email: string) =>
  (await rowOf(database.db, 'users', { email })).email_verified_at;

const providersOf = async (user_id: string) =>
  (await rowsOf(database.db, 'user_identities', { user_id })).map((row) => row.provider);

const oauthSignIn = (agent: ReturnType<typeof request.agent>, provider: string) =>
  peers.oauthRoundTrip(agent, `/auth/${provider}`);

/** A new browser signed in with Google, whose userinfo says `email` is verified. */
async function verifiedGoogleBrowser(
  app: App,
  sub: string,
  email: string,
  more: Record<string, unknown> = {},
) {
  await oauth.setUserinfo({ sub, email, email_verified: true, ...more });
  const agent = request.agent(app);
  await oauthSignIn(agent, 'google');
  return agent;
}

const sessionUserOf = async (agent: ReturnType<typeof request.agent>) =>
  (await agent.get('/api/session').expect(200)).body.user as {
    id: string;
    email: string;
    emailVerified: boolean;
  } | null;

const login = (app: App, email: string, password: string) =>
  request(app).post('/api/auth/login').send({ email, password });

describe('the link in the welcome mail', () => {
  it('is mailed on sign-up, verifies the address once, and its token is stored hashed', async () => {
    const app = newApp();
    const agent = await register(app, 'Nueva@Example.com');
    // Onboarding at once: the account works before the address is verified.
    expect(await sessionUserOf(agent)).toMatchObject({ emailVerified: false });
    await agent
      .put('/api/profile/onboarding')
      .send({ topGenres: ['Rock'], dislikedGenres: [] })
      .expect(200);

    const mail = await smtp.waitForMail('nueva@example.com', /Bienvenido/);
    expect(mail.text).toContain(`${PUBLIC_URL}/verificar-email#token=`);
    expect(mail.html).toContain('Verificar mi email');
    const token = verificationTokenIn(mail);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const stored = await database.db
      .selectFrom('email_verification_tokens')
      .select(['token_hash', 'email'])
      .execute();
    expect(stored).toEqual([{ token_hash: expect.any(String), email: 'Nueva@Example.com' }]);
    expect(stored[0]!.token_hash).not.toContain(token);

    // No session needed: the link is often opened on another device. Whoever registered may not
    // own the mailbox: the sessions and the password from before go, and the owner chooses a
    // password through the reset link the answer carries.
    const res = await verify(app, token).expect(200);
    expect(res.body).toEqual({
      message: es[EMAIL_VERIFIED_RECLAIMED],
      choosePasswordPath: expect.stringMatching(/^\/update-password#token=[\w%-]{43,}$/),
    });
    expect(await verifiedAtOf('Nueva@Example.com')).toBeInstanceOf(Date);
    expect(await sessionUserOf(agent)).toBeNull();
    await login(app, 'nueva@example.com', 'secreto123').expect(401);
    const resetToken = decodeURIComponent(res.body.choosePasswordPath.split('#token=')[1]);
    const owner = request.agent(app);
    await owner
      .post('/api/auth/reset-password')
      .send({ token: resetToken, password: 'clave-del-buzon' })
      .expect(200);
    expect(await sessionUserOf(owner)).toMatchObject({ emailVerified: true });
    expect((await owner.get('/api/profile').expect(200)).body).toMatchObject({
      emailVerified: true,
      // What the account was given before stays, as with a password reset.
      topGenres: ['Rock'],
    });

    const again = await verify(app, token);
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 'invalid_link',
      message: es[INVALID_VERIFICATION_LINK],
    });
  });

  it('opened in the browser signed in to that account, it verifies and takes nothing back', async () => {
    const app = newApp();
    const agent = await register(app, 'mismo@example.com');
    // Its other sessions are its own too: they stay.
    const other = request.agent(app);
    await other
      .post('/api/auth/login')
      .send({ email: 'mismo@example.com', password: 'secreto123' })
      .expect(200);
    const token = verificationTokenIn(await smtp.waitForMail('mismo@example.com', /Bienvenido/));
    const res = await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    expect(res.body).toEqual({ message: es[EMAIL_VERIFIED], choosePasswordPath: null });
    expect(await verifiedAtOf('mismo@example.com')).toBeInstanceOf(Date);
    expect(await sessionUserOf(agent)).toMatchObject({ emailVerified: true });
    expect(await sessionUserOf(other)).toMatchObject({ emailVerified: true });
    await login(app, 'mismo@example.com', 'secreto123').expect(200);
  });

  it('an expired, garbage, missing or superseded token is a Spanish 400 and verifies nothing', async () => {
    let now = new Date('2030-03-01T10:00:00Z');
    const app = newApp({ clock: () => now });
    const agent = await register(app, 'caduca@example.com');
    const first = verificationTokenIn(await smtp.waitForMail('caduca@example.com', /Bienvenido/));

    now = new Date('2030-03-03T10:00:01Z'); // 48 hours and a second later
    const expired = await verify(app, first);
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(es[INVALID_VERIFICATION_LINK]);

    for (const bad of ['inventado-123456789012345', '', 'x'.repeat(201), 42, undefined]) {
      const res = await verify(app, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^[A-ZÁÉÍÓÚ¿¡]/);
    }
    const extra = await request(app)
      .post('/api/auth/verify-email')
      .send({ token: first, userId: 'x' });
    expect(extra.status).toBe(400);
    expect(await verifiedAtOf('caduca@example.com')).toBeNull();

    // A newer link (asked for from the profile) voids the older one even before it expires.
    now = new Date('2030-03-04T10:00:00Z');
    await agent.post('/api/profile/verification-email').send({}).expect(200);
    const older = verificationTokenIn(
      await smtp.waitForMail('caduca@example.com', /^Verifica tu email/),
    );
    await database.db.deleteFrom('rate_limits').execute();
    smtp.messages.length = 0;
    await agent.post('/api/profile/verification-email').send({}).expect(200);
    const newest = verificationTokenIn(
      await smtp.waitForMail('caduca@example.com', /^Verifica tu email/),
    );
    expect((await verify(app, older)).status).toBe(400);
    expect(await verifiedAtOf('caduca@example.com')).toBeNull();
    await verify(app, newest).expect(200);
    expect(await verifiedAtOf('caduca@example.com')).toBeInstanceOf(Date);
  });

  it('a Google account verified by Google gets the plain welcome mail, already verified', async () => {
    const agent = await verifiedGoogleBrowser(newApp(), 'g-plain', 'plain@gmail.com');
    expect(await sessionUserOf(agent)).toMatchObject({ emailVerified: true });
    const mail = await smtp.waitForMail('plain@gmail.com', /Bienvenido/);
    expect(mail.text).not.toContain('verificar-email');
    expect(mail.text).toContain(`${PUBLIC_URL}/myconcerts`);
  });
});

describe('POST /api/profile/verification-email', () => {
  it('needs a session: 401', async () => {
    const res = await request(newApp()).post('/api/profile/verification-email').send({});
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(NO_SESSION);
  });

  it('refuses an address already verified, and a body with fields, with a Spanish 400', async () => {
    const app = newApp();
    const { agent } = await signedInAgent(app, database.db); // the factory's fans are verified
    const res = await agent.post('/api/profile/verification-email').send({});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(es[ALREADY_VERIFIED]);

    const fresh = await register(app, 'campos@example.com');
    const extra = await fresh.post('/api/profile/verification-email').send({ email: 'otro@x.es' });
    expect(extra.status).toBe(400);
    expect(smtp.messages.filter((m) => /^Verifica/.test(m.subject ?? ''))).toHaveLength(0);
  });

  it('mails a new link to the account address, at most once a minute and five requests a day', async () => {
    const app = newApp();
    const agent = await register(app, 'reenvio@example.com');
    const res = await agent.post('/api/profile/verification-email').send({}).expect(200);
    expect(res.body).toEqual({
      message: 'Te hemos enviado un email de verificación a reenvio@example.com.',
    });
    const mail = await smtp.waitForMail('reenvio@example.com', /^Verifica tu email/);
    expect(mail.html).toContain('Verificar mi email');
    const token = verificationTokenIn(mail);

    const tooSoon = await agent.post('/api/profile/verification-email').send({});
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.message).toBe(es[TOO_MANY_MESSAGE]);
    expect(tooSoon.headers['retry-after']).toBeDefined();

    // Five requests a day, refused ones included: three more, a minute apart, then the limit.
    for (let i = 0; i < 3; i += 1) {
      await database.db
        .deleteFrom('rate_limits')
        .where('key', 'like', 'verification-mail-minute%')
        .execute();
      await agent.post('/api/profile/verification-email').send({}).expect(200);
    }
    await database.db
      .deleteFrom('rate_limits')
      .where('key', 'like', 'verification-mail-minute%')
      .execute();
    const overLimit = await agent.post('/api/profile/verification-email').send({});
    expect(overLimit.status).toBe(429);
    const sent = await rowsOf(database.db, 'mail_deliveries', { kind: 'email_verification' });
    expect(sent).toHaveLength(4);

    // Only the newest of the links works.
    expect((await verify(app, token)).status).toBe(400);
    const links = await database.db
      .selectFrom('email_verification_tokens')
      .select('used_at')
      .execute();
    expect(links.filter((l) => l.used_at === null)).toHaveLength(1);
  });
});

describe("the verification mail in the fan's language", () => {
  it("is written in the fan's saved language", async () => {
    const app = newApp();
    const { agent } = await signedInAgent(app, database.db, {
      email: 'joan@example.com',
      email_verified_at: null,
      locale: 'ca',
    });
    await agent.post('/api/profile/verification-email').send({}).expect(200);
    const mail = await smtp.waitForMail('joan@example.com', /^Verifica/);
    expect(mail.subject).toBe('Verifica la teva adreça de Conciertos Mallorca');
    expect(mail.html).toContain('<html lang="ca"');
    expect(mail.html).toContain('Verificar la meva adreça');
    expect(mail.text).toContain('fins llavors no t’enviarem el correu setmanal.');
    expect(verificationTokenIn(mail)).toEqual(expect.any(String));
  });
});

describe('pre-account takeover', () => {
  it('the mailbox owner signing in with Google takes the account: the squatter is locked out', async () => {
    const app = newApp();
    // The attacker registers the victim's address and keeps a session open.
    const attacker = await register(app, 'victima@example.com', 'clave-atacante');
    await attacker
      .put('/api/profile/onboarding')
      .send({ topGenres: ['Jazz'], dislikedGenres: [] })
      .expect(200);
    const { id: accountId } = (await sessionUserOf(attacker))!;
    await attacker.get('/api/profile').expect(200);
    // The welcome mail (sent in the background) has gone out to the victim's mailbox.
    await smtp.waitForMail('victima@example.com', /Bienvenido/);

    const victim = await verifiedGoogleBrowser(app, 'google-victima', 'victima@example.com', {
      name: 'Víctima',
    });
    expect(await sessionUserOf(victim)).toMatchObject({ id: accountId, emailVerified: true });

    // The attacker's session is dead and their password no longer signs in.
    await attacker.get('/api/profile').expect(401);
    expect(await sessionUserOf(attacker)).toBeNull();
    const byPassword = await login(app, 'victima@example.com', 'clave-atacante');
    expect(byPassword.status).toBe(401);
    expect(byPassword.body.error.message).toBe(WRONG_CREDENTIALS);
    const row = await rowOf(database.db, 'users', { user_id: accountId });
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).toBeInstanceOf(Date);
    const sessions = await rowsOf(database.db, 'sessions', { user_id: accountId });
    expect(sessions).toHaveLength(1); // the victim's own
    // The victim's own verification link from the welcome mail is void now (nothing left to do).
    const unused = await rowsOf(database.db, 'email_verification_tokens', { used_at: null });
    expect(unused).toEqual([]);
  });

  it('a verified account is simply linked: its password and sessions stay', async () => {
    const app = newApp();
    await register(app, 'duena@example.com', 'clave-vieja');
    const token = verificationTokenIn(await smtp.waitForMail('duena@example.com', /Bienvenido/));
    // Verifying ends the sessions from before; the owner chooses the password again, signed in.
    const { choosePasswordPath } = (await verify(app, token).expect(200)).body;
    const owner = request.agent(app);
    await owner
      .post('/api/auth/reset-password')
      .send({
        token: decodeURIComponent(choosePasswordPath.split('#token=')[1]),
        password: 'clave-duena',
      })
      .expect(200);

    await verifiedGoogleBrowser(app, 'google-duena', 'duena@example.com');
    await owner.get('/api/profile').expect(200);
    await login(app, 'duena@example.com', 'clave-duena').expect(200);
  });

  it('Spotify never opens an unverified account by its email, and what it creates stays unverified', async () => {
    const app = newApp();
    const squatter = await register(app, 'spoti@example.com', 'clave-squatter');
    await smtp.waitForMail('spoti@example.com', /Bienvenido/);
    spotifyApi.me = { id: 'spotify-1', email: 'spoti@example.com', display_name: 'S' };
    const viaSpotify = request.agent(app);
    const refused = await oauthSignIn(viaSpotify, 'spotify');
    expect(refused.headers.location).toBe(`/?error=${encodeURIComponent(SPOTIFY_EMAIL_TAKEN)}`);
    expect(await sessionUserOf(viaSpotify)).toBeNull();
    await squatter.get('/api/profile').expect(200);
    expect(await database.db.selectFrom('user_identities').select('provider').execute()).toEqual(
      [],
    );

    // A Spotify account with a new address is created, but the address is not proven by it...
    spotifyApi.me = { id: 'spotify-2', email: 'nadie@example.com', display_name: 'N' };
    const newcomer = request.agent(app);
    await oauthSignIn(newcomer, 'spotify');
    const created = (await sessionUserOf(newcomer))!;
    expect(created).toMatchObject({ email: 'nadie@example.com', emailVerified: false });
    expect((await smtp.waitForMail('nadie@example.com', /Bienvenido/)).text).toContain(
      '/verificar-email#token=',
    );

    // ...so the mailbox owner's Google sign-in reclaims it and the Spotify identity goes.
    const owner = await verifiedGoogleBrowser(app, 'google-nadie', 'nadie@example.com');
    expect(await sessionUserOf(owner)).toMatchObject({ id: created.id, emailVerified: true });
    expect(await sessionUserOf(newcomer)).toBeNull();
    expect(await providersOf(created.id)).toEqual(['google']);
    const reSpotify = request.agent(app);
    const again = await oauthSignIn(reSpotify, 'spotify');
    expect(again.headers.location).toBe(`/?error=${encodeURIComponent(SPOTIFY_EMAIL_TAKEN)}`);
  });

  it('a used password-reset link also proves the mailbox: Spotify identity and squatter out', async () => {
    const app = newApp();
    // Someone created an account with the victim's address through Spotify (never verified).
    spotifyApi.me = { id: 'spotify-okupa', email: 'buzon@example.com', display_name: 'Okupa' };
    const squatter = request.agent(app);
    await oauthSignIn(squatter, 'spotify');
    const { id: accountId } = (await sessionUserOf(squatter))!;
    await smtp.waitForMail('buzon@example.com', /Bienvenido/);

    await request(app).post('/api/auth/recover').send({ email: 'buzon@example.com' }).expect(200);
    const mail = await smtp.waitForMail('buzon@example.com', /Restablece/);
    const token = decodeURIComponent(/\/update-password#token=([\w%-]+)/.exec(mail.text!)![1]!);
    const owner = request.agent(app);
    await owner
      .post('/api/auth/reset-password')
      .send({ token, password: 'clave-del-buzon' })
      .expect(200);
    expect(await sessionUserOf(owner)).toMatchObject({ id: accountId, emailVerified: true });
    expect(await sessionUserOf(squatter)).toBeNull();
    expect(await providersOf(accountId)).toEqual([]);
    const again = request.agent(app);
    const res = await oauthSignIn(again, 'spotify');
    expect(res.headers.location).toBe(`/?error=${encodeURIComponent(SPOTIFY_EMAIL_TAKEN)}`);
  });

  it("the welcome mail's link takes a squatted address back: sessions, password and submissions", async () => {
    const app = newApp();
    // Someone registers the band's address first, signs in on two browsers, and sends a concert
    // with the band's address through the public form (they cannot confirm it: no mailbox).
    const squatter = await register(app, 'banda@example.com', 'clave-okupa');
    const second = request.agent(app);
    await second
      .post('/api/auth/login')
      .send({ email: 'banda@example.com', password: 'clave-okupa' })
      .expect(200);
    const submission = (name: string, confirmed: boolean) => ({
      band_name: name,
      contact_email: 'Banda@Example.com',
      genre: 'Rock',
      day: '2030-07-01',
      hour: '20:00',
      venue_name: 'Es Gremi',
      price: '10',
      confirmed_at: confirmed ? new Date() : null,
    });
    await database.db
      .insertInto('band_submissions')
      .values(submission('Lo que mandó el okupa', false))
      .execute();

    // The band opens the real link of the real welcome mail.
    const mail = await smtp.waitForMail('banda@example.com', /Bienvenido/);
    const res = await verify(app, verificationTokenIn(mail)).expect(200);
    expect(res.body.message).toBe(
      '¡Email verificado! Por seguridad, hemos cerrado todas las sesiones abiertas antes de ' +
        'confirmarlo y quitado la contraseña que se puso entonces. Elige ahora tu contraseña ' +
        'para entrar (el enlace vale una hora; después, pide otro con «¿Olvidaste tu ' +
        'contraseña?»).',
    );
    // The squatter is out everywhere, and their password no longer opens the account.
    expect(await sessionUserOf(squatter)).toBeNull();
    expect(await sessionUserOf(second)).toBeNull();
    await squatter.get('/api/profile').expect(401);
    await login(app, 'banda@example.com', 'clave-okupa').expect(401);
    const account = await rowOf(database.db, 'users', { email: 'banda@example.com' });
    expect(account.password_hash).toBeNull();
    expect(await rowsOf(database.db, 'sessions', { user_id: account.user_id })).toEqual([]);

    // The band chooses a password with the link the answer gave, and is signed in.
    const band = request.agent(app);
    const token = decodeURIComponent(res.body.choosePasswordPath.split('#token=')[1]);
    await band
      .post('/api/auth/reset-password')
      .send({ token, password: 'clave-de-la-banda' })
      .expect(200);
    await login(app, 'banda@example.com', 'clave-de-la-banda').expect(200);
    // The band's own submissions, confirmed from the mailbox, are in its file; the squatter's
    // never are.
    await database.db
      .insertInto('band_submissions')
      .values(submission('Lo que mandó la banda', true))
      .execute();
    const file = await band.get('/api/profile/export').expect(200);
    expect(file.body.submissions.map((s: { bandName: string }) => s.bandName)).toEqual([
      'Lo que mandó la banda',
    ]);
    expect(file.text).not.toContain('okupa');
    // The link worked once; a verified account's later link (none is sent) would change nothing.
    await verify(app, verificationTokenIn(mail)).expect(400);
  });

  it('an unverified Google email never reclaims anything', async () => {
    const app = newApp();
    const squatter = await register(app, 'gnv@example.com', 'clave-gnv');
    await oauth.setUserinfo({ sub: 'google-gnv', email: 'gnv@example.com', email_verified: false });
    const agent = request.agent(app);
    const res = await oauthSignIn(agent, 'google');
    expect(res.headers.location).toMatch(/^\/\?error=/);
    await squatter.get('/api/profile').expect(200);
    await login(app, 'gnv@example.com', 'clave-gnv').expect(200);
  });
});

describe('ADMIN_EMAIL', () => {
  it('registered first by someone else does not become admin, until the mailbox verifies', async () => {
    const app = newApp({ env: { ADMIN_EMAIL: 'jefa@example.com' } });
    const squatter = await register(app, 'jefa@example.com');
    expect(await sessionUserOf(squatter)).toMatchObject({ emailVerified: false });
    // A later start does not promote an unverified account either.
    await bootstrapAdmin(
      database.db,
      testConfig({ ADMIN_EMAIL: 'jefa@example.com', ADMIN_PASSWORD: 'clave-admin' }),
      createLogger('silent'),
    );
    const isAdmin = async () =>
      (await rowOf(database.db, 'users', { email: 'jefa@example.com' })).is_admin;
    expect(await isAdmin()).toBe(false);
    expect((await squatter.get('/api/admin/venues')).status).toBe(403);

    // Opening the mailed link proves the mailbox: promoted at once.
    const token = verificationTokenIn(await smtp.waitForMail('jefa@example.com', /Bienvenido/));
    await verify(app, token).expect(200);
    expect(await isAdmin()).toBe(true);
  });

  it('a verified account with another email is never promoted by verifying', async () => {
    const app = newApp({ env: { ADMIN_EMAIL: 'jefa@example.com' } });
    await createUser(database.db, { email: 'otra@example.com', email_verified_at: null });
    await register(app, 'fan@example.com');
    const token = verificationTokenIn(await smtp.waitForMail('fan@example.com', /Bienvenido/));
    await verify(app, token).expect(200);
    expect(await rowsOf(database.db, 'users', { is_admin: true })).toEqual([]);
  });
});
