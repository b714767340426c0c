import { sql } from 'kysely';
import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.js';

let database: TestDatabase;
let smtp: SmtpSink;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.close();
  await database.destroy();
});
beforeEach(async () => {
  await database.db.deleteFrom('users').execute();
  await database.db.deleteFrom('rate_limits').execute();
});

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
    const cookie = ([] as string[]).concat(res.headers['set-cookie'])[0]!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const secure = createTestApp({
      database,
      env: { PUBLIC_URL: 'https://conciertos.example.com', TRUST_PROXY: 'true' },
    }).app;
    const res2 = await request(secure)
      .post('/api/auth/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: 'secure@example.com', password: 'secreto123' });
    expect(([] as string[]).concat(res2.headers['set-cookie'])[0]).toMatch(/Secure/);
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

  it('rate-limits login per email with a Spanish 429 and Retry-After, across app instances', async () => {
    const first = newApp().app;
    const second = newApp().app; // another instance on the same database
    for (let i = 0; i < 10; i += 1) {
      await request(i % 2 ? first : second)
        .post('/api/auth/login')
        .send({ email: 'objetivo@example.com', password: 'incorrecta' })
        .expect(401);
    }
    const res = await request(first)
      .post('/api/auth/login')
      .send({ email: 'Objetivo@example.com', password: 'incorrecta' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error.message).toBe(
      'Demasiados intentos. Espera un momento y vuelve a probar.',
    );
  });
});

describe('password recovery', () => {
  const resetLinkIn = (text: string) => {
    const match = /\/update-password\?token=([\w%-]+)/.exec(text);
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
    const mails = smtp.messages.filter((m) => m.subject?.startsWith('Restablece'));
    expect(mails.some((m) => m.text?.includes('update-password?token='))).toBe(true);
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
    await database.db.deleteFrom('rate_limits').execute();
    await request(app).post('/api/auth/recover').send({ email: 'caduca@example.com' }).expect(200);
    await database.db.deleteFrom('rate_limits').execute();
    await request(app).post('/api/auth/recover').send({ email: 'caduca@example.com' }).expect(200);
    const links = smtp.messages
      .filter(
        (m) => m.text?.includes('update-password') && JSON.stringify(m.to).includes('caduca@'),
      )
      .map((m) => resetLinkIn(m.text!));
    const [older, newest] = links.slice(-2);
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
