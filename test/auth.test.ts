import { sql } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { defined } from './helpers/defined.js';
import { eventually } from './helpers/eventually.js';
import { createUser } from './helpers/factories.js';
import { useSmtpSink } from './helpers/smtp-sink.js';

const database = useTestDatabase({ cleared: ['users', 'rate_limits'] });
const smtp = useSmtpSink();

const newApp = (clock?: () => Date) =>
  createTestApp({
    database,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' },
    clock,
  });

const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('cm.sid='))
    ?.split(';')[0];

async function register(
  app: ReturnType<typeof newApp>['app'],
  email: string,
  password = 'secreto123',
) {
  const agent = request.agent(app);
  const res = await agent.post('/api/auth/register').send({ email, password });
  return { agent, res };
}

describe('sign-up', () => {
  it('creates the account, signs in, reports a new user and sends a Spanish welcome mail', async () => {
    const { app } = newApp();
    const { agent, res } = await register(app, 'Nueva@Example.com');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: {
        id: expect.any(String),
        email: 'Nueva@Example.com',
        name: null,
        isAdmin: false,
        onboardingCompleted: false,
        emailVerified: false,
      },
      isNewUser: true,
    });
    const session = await agent.get('/api/session').expect(200);
    expect(session.body.user.email).toBe('Nueva@Example.com');
    const row = await database.db
      .selectFrom('users')
      .select(['last_login', 'password_hash', 'onboarding_completed'])
      .executeTakeFirstOrThrow();
    expect(row.last_login).toBeInstanceOf(Date);
    expect(row.password_hash).toMatch(/^\$2b\$/);
    const mail = await smtp.waitForMail('nueva@example.com');
    expect(mail.subject).toBe('Bienvenido a Conciertos Mallorca 🎶');
    expect(mail.text).toContain('http://localhost:3000/myconcerts');
    expect(mail.html).toContain('¡Bienvenido a Conciertos Mallorca!');
  });

  it("writes the welcome mail in the sign-up's language: the lang cookie, else Accept-Language", async () => {
    const { app } = newApp();
    await request(app)
      .post('/api/auth/register')
      .set('Cookie', 'lang=ca')
      .send({ email: 'joan@example.com', password: 'secreto123' })
      .expect(201);
    const mail = await smtp.waitForMail('joan@example.com');
    expect(mail.subject).toBe('Et donam la benvinguda a Conciertos Mallorca 🎶');
    expect(mail.html).toContain('<html lang="ca"');
    expect(mail.text).toContain('Gràcies per unir-te a Conciertos Mallorca!');
    expect(mail.text).toContain('Si no has creat tu aquest compte, no obris l’enllaç');
    // Saved as the account's language: its later mails follow it.
    const saved = await database.db
      .selectFrom('users')
      .select('locale')
      .where('email', '=', 'joan@example.com')
      .executeTakeFirstOrThrow();
    expect(saved.locale).toBe('ca');

    await request(app)
      .post('/api/auth/register')
      .set('Accept-Language', 'ca-ES,ca;q=0.9,es;q=0.8')
      .send({ email: 'aina@example.com', password: 'secreto123' })
      .expect(201);
    expect((await smtp.waitForMail('aina@example.com')).subject).toBe(
      'Et donam la benvinguda a Conciertos Mallorca 🎶',
    );
  });

  it('an existing email (any case) says the account exists and offers login', async () => {
    const { app } = newApp();
    await register(app, 'ana@example.com');
    const { res } = await register(app, 'ANA@example.com');
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'account_exists',
      message: 'Ya existe una cuenta con este email. Inicia sesión.',
    });
  });

  it('rejects a bad email or password with a Spanish 400 and creates nothing', async () => {
    const { app } = newApp();
    for (const [body, message] of [
      [{ email: 'no es email', password: 'secreto123' }, 'Introduce un email válido.'],
      [{ email: 'a b@c.com', password: 'secreto123' }, 'Introduce un email válido.'],
      [
        { email: 'ok@example.com', password: '1234567' },
        'La contraseña debe tener al menos 8 caracteres.',
      ],
      [
        { email: 'ok@example.com', password: 'x'.repeat(73) },
        'La contraseña es demasiado larga (máximo 72 bytes).',
      ],
      [{ email: 'ok@example.com' }, 'Introduce una contraseña.'],
    ] as const) {
      const res = await request(app).post('/api/auth/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await database.db.selectFrom('users').select('user_id').execute()).toHaveLength(0);
  });
});

describe('login and logout', () => {
  it('one message for an unknown email and for a wrong password', async () => {
    const { app } = newApp();
    await register(app, 'luis@example.com');
    const wrongPassword = await request(app)
      .post('/api/auth/login')
      .send({ email: 'luis@example.com', password: 'otra-cosa' });
    const unknownEmail = await request(app)
      .post('/api/auth/login')
      .send({ email: 'nadie@example.com', password: 'otra-cosa' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body.error.message).toBe('Email o contraseña incorrectos.');
  });

  it('gives a new session id at login, and logout makes the old cookie worthless', async () => {
    const { app } = newApp();
    const { res: registered } = await register(app, 'marta@example.com');
    const signUpCookie = cookieOf(registered)!;

    const login = await request(app)
      .post('/api/auth/login')
      .set('Cookie', signUpCookie)
      .send({ email: 'MARTA@example.com', password: 'secreto123' })
      .expect(200);
    expect(login.body.isNewUser).toBe(false);
    const loginCookie = cookieOf(login)!;
    expect(loginCookie).toBeDefined();
    expect(loginCookie).not.toBe(signUpCookie);
    // The session it replaced is gone from the store (no fixation).
    const replaced = await request(app).get('/api/session').set('Cookie', signUpCookie);
    expect(replaced.body).toEqual({ user: null });

    await request(app).get('/api/profile').set('Cookie', loginCookie).expect(200);
    await request(app).post('/api/auth/logout').set('Cookie', loginCookie).expect(204);
    const after = await request(app).get('/api/profile').set('Cookie', loginCookie);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('No hay sesión activa. Por favor, inicia sesión.');
    const session = await request(app).get('/api/session').set('Cookie', loginCookie).expect(200);
    expect(session.body).toEqual({ user: null });
  });

  it("a visitor's sign-in writes its session once and has nothing to delete", async () => {
    const { app } = newApp();
    await register(app, 'pau@example.com');
    // Every statement on sessions, recorded by a trigger of this test's own database.
    await sql`
      CREATE TABLE IF NOT EXISTS session_statements (op text);
      CREATE OR REPLACE FUNCTION log_session_statement() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO session_statements VALUES (TG_OP); RETURN NULL; END $$;
      CREATE OR REPLACE TRIGGER log_session_statements AFTER INSERT OR UPDATE OR DELETE ON sessions
      FOR EACH STATEMENT EXECUTE FUNCTION log_session_statement();
    `.execute(database.db);
    try {
      await request(app)
        .post('/api/auth/login')
        .send({ email: 'pau@example.com', password: 'secreto123' })
        .expect(200);
      const { rows } = await sql<{ op: string }>`SELECT op FROM session_statements`.execute(
        database.db,
      );
      // One INSERT ... ON CONFLICT DO UPDATE (it fires both statement triggers), no DELETE.
      expect(rows.map((r) => r.op).sort()).toEqual(['INSERT', 'UPDATE']);
    } finally {
      await sql`DROP TRIGGER log_session_statements ON sessions`.execute(database.db);
    }
  });

  it('the session cookie is httpOnly, SameSite=Lax, 30 days, and Secure behind https', async () => {
    const { app } = newApp();
    const { res } = await register(app, 'cookie@example.com');
    const cookie = defined([res.headers['set-cookie']].flat()[0], 'Set-Cookie');
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    expect(cookie).toMatch(/^cm\.sid=/); // over http: no __Host- prefix (browsers would drop it)
  });

  it('under an https PUBLIC_URL the cookie is __Host-cm.sid: Secure, Path=/, no Domain', async () => {
    const secure = createTestApp({
      database,
      env: { PUBLIC_URL: 'https://conciertos.example.com', TRUST_PROXY: '1' },
    }).app;
    const agent = request.agent(secure);
    const res = await agent
      .post('/api/auth/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: 'secure@example.com', password: 'Ñandú-contraseña-larga-7' })
      .expect(201);
    const cookie = defined([res.headers['set-cookie']].flat()[0], 'Set-Cookie');
    expect(cookie).toMatch(/^__Host-cm\.sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).not.toMatch(/Domain=/i);
    const sessionCookie = cookie.split(';')[0]!;
    const seen = await request(secure)
      .get('/api/session')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', sessionCookie)
      .expect(200);
    expect(seen.body.user.email).toBe('secure@example.com');
    // The plain name means nothing there.
    const plain = await request(secure)
      .get('/api/session')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', sessionCookie.replace('__Host-', ''))
      .expect(200);
    expect(plain.body.user).toBeNull();

    // Sign-out expires the same cookie with the attributes a __Host- cookie needs.
    const out = await request(secure)
      .post('/api/auth/logout')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', sessionCookie)
      .expect(204);
    const cleared = defined([out.headers['set-cookie']].flat()[0], 'Set-Cookie');
    expect(cleared).toMatch(/^__Host-cm\.sid=;/);
    expect(cleared).toMatch(/; Path=\/;/);
    expect(cleared).toMatch(/; Secure/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('refuses a state-changing request from another origin (CSRF) with 403', async () => {
    const { app } = newApp();
    const res = await request(app)
      .post('/api/auth/register')
      .set('Origin', 'https://evil.example.net')
      .send({ email: 'csrf@example.com', password: 'secreto123' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('cross_origin');
    const fetchSite = await request(app)
      .post('/api/auth/login')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: 'csrf@example.com', password: 'secreto123' });
    expect(fetchSite.status).toBe(403);
    expect(await database.db.selectFrom('users').select('user_id').execute()).toHaveLength(0);
    await request(app)
      .post('/api/auth/register')
      .set('Origin', 'http://localhost:3000')
      .send({ email: 'csrf@example.com', password: 'secreto123' })
      .expect(201);
  });

  it('locks an email after 10 failures, right password included, with a Spanish 429 and Retry-After, across app instances', async () => {
    const first = newApp().app;
    const second = newApp().app; // another instance on the same database
    await register(first, 'objetivo@example.com', RIGHT);
    for (let i = 0; i < 10; i += 1) {
      await request(i % 2 ? first : second)
        .post('/api/auth/login')
        .send({ email: 'objetivo@example.com', password: WRONG })
        .expect(401);
    }
    const res = await request(first)
      .post('/api/auth/login')
      .send({ email: 'Objetivo@example.com', password: RIGHT });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error.message).toBe(
      'Demasiados intentos. Espera un momento y vuelve a probar.',
    );
  });
});

const RIGHT = 'Tramuntana-sobre-Sóller-81';
const WRONG = 'Llevant-en-Capdepera-27';

describe('the per-email sign-in limit counts failures only', () => {
  const login = (app: ReturnType<typeof newApp>['app'], email: string, password: string) =>
    request(app).post('/api/auth/login').send({ email, password });
  const counterOf = async (email: string) =>
    (
      await database.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', `login-email:${email}`)
        .executeTakeFirst()
    )?.hits;
  /** An account locked by 10 failed sign-ins in a row. */
  async function lockedOut(app: ReturnType<typeof newApp>['app'], email: string) {
    await register(app, email, RIGHT);
    for (let i = 0; i < 10; i += 1) await login(app, email, WRONG).expect(401);
  }

  it('signing in many times in a row never locks the account', async () => {
    const { app } = newApp();
    await register(app, 'frecuente@example.com', RIGHT);
    for (let i = 0; i < 12; i += 1) {
      await login(app, 'frecuente@example.com', RIGHT).expect(200);
    }
    expect(await counterOf('frecuente@example.com')).toBeUndefined();
  });

  it('the right password signs in after 9 failures and starts the count afresh', async () => {
    const { app } = newApp();
    await register(app, 'despistada@example.com', RIGHT);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 9; i += 1) {
        await login(app, 'despistada@example.com', WRONG).expect(401);
      }
      expect(await counterOf('despistada@example.com')).toBe(9);
      // Any spelling of the address is the same counter.
      await login(app, ' Despistada@Example.com', RIGHT).expect(200);
      expect(await counterOf('despistada@example.com')).toBeUndefined();
    }
    // 18 failures in the window, none locked: a success in between reset the count.
    await login(app, 'despistada@example.com', WRONG).expect(401);
  });

  it('a password set through recovery lifts the lock at once', async () => {
    const { app } = newApp();
    await lockedOut(app, 'bloqueado@example.com');
    await login(app, 'bloqueado@example.com', RIGHT).expect(429);
    await request(app).post('/api/auth/recover').send({ email: 'bloqueado@example.com' });
    const mail = await smtp.waitForMail('bloqueado@example.com', /Restablece/);
    const token = /#token=([\w%-]+)/.exec(mail.text!)![1]!;
    const newPassword = 'Puig-Major-de-noche-1445';
    await request(app)
      .post('/api/auth/reset-password')
      .send({ token: decodeURIComponent(token), password: newPassword })
      .expect(200);
    await login(app, 'bloqueado@example.com', newPassword).expect(200);
  });

  it('asking for a recovery mail does not lift the lock (anyone may ask for any address)', async () => {
    const { app } = newApp();
    await lockedOut(app, 'sigue@example.com');
    await request(app).post('/api/auth/recover').send({ email: 'sigue@example.com' }).expect(200);
    await smtp.waitForMail('sigue@example.com', /Restablece/);
    await login(app, 'sigue@example.com', RIGHT).expect(429);
  });
});

describe('password recovery', () => {
  const tokensOf = async (userId: string) =>
    (await rowsOf(database.db, 'password_reset_tokens', { user_id: userId })).length;
  const resetLinkIn = (text: string) => {
    const match = /\/update-password#token=([\w%-]+)/.exec(text);
    return decodeURIComponent(match![1]!);
  };

  it('always gives the same answer, and mails a link only to an existing account', async () => {
    const { app } = newApp();
    await register(app, 'rec@example.com');
    const known = await request(app)
      .post('/api/auth/recover')
      .send({ email: 'rec@example.com' })
      .expect(200);
    const unknown = await request(app)
      .post('/api/auth/recover')
      .send({ email: 'nadie@example.com' })
      .expect(200);
    expect(known.body.message).toBe(
      'Hemos enviado un enlace para restablecer tu contraseña a rec@example.com.',
    );
    expect(unknown.body.message).toBe(
      'Hemos enviado un enlace para restablecer tu contraseña a nadie@example.com.',
    );
    const mail = await smtp.waitForMail('rec@example.com', /Restablece/);
    // The token rides in the fragment, which browsers never send to a server.
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/update-password#token=[\w-]{43}\n/);
    expect(mail.html).toContain('/update-password#token=');
    expect(`${mail.text}${mail.html}`).not.toContain('?token=');
  });

  it("is mailed in the fan's saved language", async () => {
    const { app } = newApp();
    await createUser(database.db, { email: 'joan@example.com', locale: 'ca' });
    await request(app).post('/api/auth/recover').send({ email: 'joan@example.com' }).expect(200);
    const mail = await smtp.waitForMail('joan@example.com', /Restableix/);
    expect(mail.subject).toBe('Restableix la contrasenya de Conciertos Mallorca');
    expect(mail.html).toContain('<html lang="ca"');
    expect(mail.text).toContain(
      'Hem rebut una petició per restablir la contrasenya del teu compte.',
    );
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/update-password#token=[\w-]{43}\n/);
  });

  it('answers before the token is written and before the mail is sent, as for an unknown address', async () => {
    const { app } = newApp();
    const user = await createUser(database.db, { email: 'espera@example.com' });
    // Hold the token table (reads still pass) and the mail server's answer: a route that waited
    // for either would not answer until the test lets them go.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE password_reset_tokens IN EXCLUSIVE MODE');
    const releaseMail = smtp.hold();
    let answer: request.Response | undefined;
    const pending = request(app)
      .post('/api/auth/recover')
      .send({ email: 'espera@example.com' })
      .then((res) => (answer = res));
    try {
      // Waits on state; a route that awaited the token or the mail fails here, not by hanging.
      await eventually(() => expect(answer).toBeDefined(), 10_000);
      expect(answer!.status).toBe(200);
      expect(answer!.body.message).toBe(
        'Hemos enviado un enlace para restablecer tu contraseña a espera@example.com.',
      );
      expect(await tokensOf(user.user_id)).toBe(0);
      // An address without an account gets the same answer, just as unhindered.
      const unknown = await request(app)
        .post('/api/auth/recover')
        .send({ email: 'nadie-espera@example.com' })
        .expect(200);
      expect(Object.keys(unknown.body)).toEqual(Object.keys(answer!.body));
      await blocker.query('COMMIT');
      await eventually(() => expect(smtp.heldCount()).toBe(1));
      expect(await tokensOf(user.user_id)).toBe(1);
      expect(smtp.messages.some((m) => JSON.stringify(m.to).includes('espera@'))).toBe(false);
    } finally {
      releaseMail();
      await blocker.query('ROLLBACK').catch(() => undefined); // no-op once committed
      await blocker.end();
      await pending;
    }
    await smtp.waitForMail('espera@example.com', /Restablece/);
  });

  it('the link works once, signs in, and ends the other sessions', async () => {
    const { app } = newApp();
    const { agent: otherDevice } = await register(app, 'once@example.com');
    await request(app).post('/api/auth/recover').send({ email: 'once@example.com' }).expect(200);
    const mail = await smtp.waitForMail('once@example.com', /Restablece/);
    const token = resetLinkIn(mail.text!);
    expect(token.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url
    const stored = await database.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const agent = request.agent(app);
    const res = await agent
      .post('/api/auth/reset-password')
      .send({ token, password: 'nueva-clave' })
      .expect(200);
    expect(res.body.user.email).toBe('once@example.com');
    await agent.get('/api/profile').expect(200);
    await otherDevice.get('/api/profile').expect(401);
    await request(app)
      .post('/api/auth/login')
      .send({ email: 'once@example.com', password: 'nueva-clave' })
      .expect(200);

    const again = await request(app)
      .post('/api/auth/reset-password')
      .send({ token, password: 'otra-mas' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Hubo un error al cambiar la contraseña');
  });

  it('an expired, forged or superseded token fails with the same message', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const { app } = newApp(() => now);
    await register(app, 'caduca@example.com');
    await request(app).post('/api/auth/recover').send({ email: 'caduca@example.com' }).expect(200);
    const first = resetLinkIn((await smtp.waitForMail('caduca@example.com', /Restablece/)).text!);

    now = new Date('2026-11-21T11:00:01Z'); // one hour and a second later
    const expired = await request(app)
      .post('/api/auth/reset-password')
      .send({ token: first, password: 'nueva-clave' });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe('Hubo un error al cambiar la contraseña');

    const forged = await request(app)
      .post('/api/auth/reset-password')
      .send({ token: 'inventado-123456789012345', password: 'nueva-clave' });
    expect(forged.body.error.message).toBe('Hubo un error al cambiar la contraseña');

    // A newer request voids the older link even before it expires.
    const links = () =>
      smtp.messages
        .filter(
          (m) => m.text?.includes('update-password') && JSON.stringify(m.to).includes('caduca@'),
        )
        .map((m) => resetLinkIn(m.text!));
    for (const sent of [2, 3]) {
      // The mail goes out after the answer: wait for it before asking again.
      await database.db.deleteFrom('rate_limits').execute();
      await request(app)
        .post('/api/auth/recover')
        .send({ email: 'caduca@example.com' })
        .expect(200);
      await eventually(() => expect(links()).toHaveLength(sent));
    }
    const [older, newest] = links().slice(-2);
    const superseded = await request(app)
      .post('/api/auth/reset-password')
      .send({ token: older, password: 'nueva-clave' });
    expect(superseded.status).toBe(400);
    await request(app)
      .post('/api/auth/reset-password')
      .send({ token: newest, password: 'nueva-clave' })
      .expect(200);
  });

  it('allows one recovery request a minute per email', async () => {
    const { app } = newApp();
    await request(app).post('/api/auth/recover').send({ email: 'uno@example.com' }).expect(200);
    const res = await request(app).post('/api/auth/recover').send({ email: 'UNO@example.com' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
