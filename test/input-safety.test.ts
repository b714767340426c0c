// Input that costs work, control characters, password and email rules.
// Every refusal is a Spanish 4xx that changes nothing.
import { createHash } from 'node:crypto';
import request from 'supertest';
import type { MessageId } from '../common/i18n/catalogues.js';
import { spanish as es } from './helpers/texts.js';
import {
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../common/auth/limits.js';
import { EMAIL_PATTERN, FORBIDDEN_CHARACTERS, utf8ByteLength } from '../common/text/limits.js';
import { emailSchema } from '../common/auth/schemas.js';
import { hashPassword } from '../server/accounts/password.js';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from '../server/lib/password-policy.js';
import { useTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createUser } from './helpers/factories.js';
import { signedInAgent, TEST_PASSWORD } from './helpers/session.js';

const database = useTestDatabase({ cleared: ['users', 'rate_limits'] });
const testApp = useTestApp(() => ({ database }));
afterEach(() => jest.restoreAllMocks());

const app = () => testApp.app;
const NUL = 'a\u0000b';
const TOO_LARGE = { code: 'too_large', message: 'La petición es demasiado grande.' };
const BAD_EMAIL = 'Introduce un email válido.';
const LONG_EMAIL = 'El email es demasiado largo.';
const countOf = async (table: 'users' | 'concerts' | 'bands') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const userCount = () => countOf('users');

/** `message`: the Spanish text, or the catalogue id of a rule's constant (its Spanish). */
function expect400(res: request.Response, message: string) {
  expect(res.status).toBe(400);
  expect(res.body.error.message).toBe(
    Object.hasOwn(es, message) ? es[message as MessageId] : message,
  );
}

describe('the email check costs a bounded amount of work', () => {
  // 60,000 characters of dots after 'a@' and a final '@': ~12 s for the old, quadratic pattern
  // (every dot tried as the last one); refused here by its length, unread.
  const slow = `a@${'.'.repeat(59_997)}@`;

  it('never runs the pattern on input over the length limit', () => {
    const test = jest.spyOn(EMAIL_PATTERN, 'test');
    const result = emailSchema.safeParse(slow);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['error.email.tooLong']);
    expect(test).not.toHaveBeenCalled();
    expect(emailSchema.safeParse('ana@example.com').success).toBe(true);
    expect(test).toHaveBeenCalledTimes(1);
  });

  it.each(['/api/auth/register', '/api/auth/login', '/api/auth/recover'])(
    '%s refuses a long email by its length, without the pattern',
    async (path) => {
      const test = jest.spyOn(EMAIL_PATTERN, 'test');
      const email = `a@${'a.'.repeat(150)}es`;
      const res = await request(app()).post(path).send({ email, password: 'una-clave-larga' });
      expect400(res, LONG_EMAIL);
      expect(test).not.toHaveBeenCalled();
    },
  );

  it.each(['/api/auth/register', '/api/auth/login', '/api/auth/recover'])(
    '%s answers a body of a few KB with a Spanish 413, and creates nothing',
    async (path) => {
      const res = await request(app()).post(path).send({ email: slow, password: 'x' });
      expect(res.status).toBe(413);
      expect(res.body.error).toEqual(TOO_LARGE);
      expect(await userCount()).toBe(0);
    },
  );

  it('gives each group of routes a body limit that fits it', async () => {
    const { agent } = await signedInAgent(app(), database.db, { is_admin: true });
    const bands = await countOf('bands');
    // The profile takes 50 artists of 100 characters (about 5 KB), not 40 KB.
    const artists = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(100, 'ñ'));
    await agent.patch('/api/profile').send({ topArtists: artists }).expect(200);
    const bigProfile = await agent.patch('/api/profile').send({ name: 'x'.repeat(40_000) });
    expect(bigProfile.status).toBe(413);
    expect(bigProfile.body.error).toEqual(TOO_LARGE);
    // A like is a flag: 3 KB is too much.
    const like = await agent
      .put('/api/concerts/1/like')
      .send({ liked: true, pad: 'x'.repeat(3000) });
    expect(like.status).toBe(413);
    // The admin's longest description fits; 100 KB does not.
    const admin = await agent
      .post('/api/admin/bands')
      .send({ name: 'Banda', pad: 'x'.repeat(100_000) });
    expect(admin.status).toBe(413);
    expect(admin.body.error).toEqual(TOO_LARGE);
    expect(await countOf('bands')).toBe(bands);
  });
});

describe('control characters are refused everywhere text comes in', () => {
  it('PATCH /api/profile: name and artists', async () => {
    const { agent, userId } = await signedInAgent(app(), database.db, { name: 'Joana' });
    expect400(await agent.patch('/api/profile').send({ name: NUL }), FORBIDDEN_CHARACTERS);
    expect400(
      await agent.patch('/api/profile').send({ topArtists: ['Sa Fosca', `x\u0007`] }),
      FORBIDDEN_CHARACTERS,
    );
    // DEL and the C1 controls too; and a line feed in a one-line field.
    expect400(await agent.patch('/api/profile').send({ name: 'a\u007F' }), FORBIDDEN_CHARACTERS);
    expect400(await agent.patch('/api/profile').send({ name: 'a\u0085' }), FORBIDDEN_CHARACTERS);
    expect400(await agent.patch('/api/profile').send({ name: 'a\nb' }), FORBIDDEN_CHARACTERS);
    const row = await database.db
      .selectFrom('users')
      .select(['name', 'top_artists'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Joana', top_artists: [] });
    // Accents and emoji are text, not controls.
    await agent.patch('/api/profile').send({ name: 'Joana Maria Ñúñez 🎸' }).expect(200);
  });

  it('POST /api/profile/password', async () => {
    const { agent } = await signedInAgent(app(), database.db);
    expect400(
      await agent
        .post('/api/profile/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword: `nueva${NUL}clave` }),
      FORBIDDEN_CHARACTERS,
    );
    expect400(
      await agent
        .post('/api/profile/password')
        .send({ currentPassword: `a${NUL}`, newPassword: 'nueva-clave-buena' }),
      FORBIDDEN_CHARACTERS,
    );
  });

  it.each([
    ['/api/auth/recover', { email: `ana${NUL}@example.com` }],
    ['/api/auth/register', { email: `ana${NUL}@example.com`, password: 'una-clave-larga' }],
    ['/api/auth/register', { email: 'ana@example.com', password: `una-clave${NUL}` }],
    ['/api/auth/login', { email: `ana${NUL}@example.com`, password: 'una-clave-larga' }],
    ['/api/auth/login', { email: 'ana@example.com', password: `una-clave${NUL}` }],
    ['/api/auth/reset-password', { token: `abc${NUL}`, password: 'una-clave-larga' }],
  ])('POST %s %j', async (url, body) => {
    expect400(await request(app()).post(url).send(body), FORBIDDEN_CHARACTERS);
    expect(await userCount()).toBe(0);
  });

  it('admin concert and band forms', async () => {
    const { agent } = await signedInAgent(app(), database.db, { is_admin: true });
    // Concerts pick their venue from the managed list.
    await database.db
      .insertInto('venues')
      .values({ id: 1, name: 'Es Gremi', town: 'Palma' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const concert = {
      day: '2031-05-20',
      genre: 'Jazz',
      venueId: 1,
      hour: '21:30',
      price: '12.50',
    };
    const [concerts, bands] = [await countOf('concerts'), await countOf('bands')];
    for (const field of ['name', 'description', 'imageUrl', 'price'] as const) {
      expect400(
        await agent.post('/api/admin/concerts').send({ ...concert, [field]: NUL }),
        FORBIDDEN_CHARACTERS,
      );
    }
    expect400(
      await agent
        .post('/api/admin/concerts')
        .send({ ...concert, venueId: undefined, newVenue: { name: NUL, town: 'Palma' } }),
      FORBIDDEN_CHARACTERS,
    );
    for (const field of ['name', 'spotifyUrl', 'imageUrl'] as const) {
      expect400(
        await agent.post('/api/admin/bands').send({ name: 'Banda', [field]: NUL }),
        FORBIDDEN_CHARACTERS,
      );
    }
    expect(await countOf('concerts')).toBe(concerts);
    expect(await countOf('bands')).toBe(bands);
    // A description may have several lines.
    await agent
      .post('/api/admin/concerts')
      .send({ ...concert, description: 'Primera línea.\nSegunda línea.\tFin.' })
      .expect(201);
  });

  it('query strings and params', async () => {
    const { agent } = await signedInAgent(app(), database.db, { is_admin: true });
    expect400(await agent.get('/api/admin/concerts/search?q=a%00b'), FORBIDDEN_CHARACTERS);
    expect400(await agent.get('/api/admin/bands/search?q=%1Bx'), FORBIDDEN_CHARACTERS);
    expect400(
      await agent.get('/api/admin/concerts/search?day=2031-05-2%00'),
      'La fecha debe tener el formato aaaa-mm-dd.',
    );
    expect400(
      await agent.put('/api/concerts/1%00/like').send({ liked: true }),
      'Identificador de concierto no válido.',
    );
  });
});

describe('passwords: 8 characters to 72 UTF-8 bytes, not a common one', () => {
  it('ships a real list of common passwords, compared without case', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(9_000);
    for (const common of ['password', '12345678', 'qwertyuiop', 'PassWord', 'Iloveyou'])
      expect(isCommonPassword(common)).toBe(true);
    for (const fine of [TEST_PASSWORD, 'nueva-clave', 'demo-fan-1234']) {
      expect(isCommonPassword(fine)).toBe(false);
    }
  });

  it('register refuses 7 characters, 73 bytes and a common password, and creates nothing', async () => {
    const seventyThreeBytes = `${'ñ'.repeat(36)}a`; // 37 characters, 73 bytes
    expect(utf8ByteLength(seventyThreeBytes)).toBe(73);
    for (const [password, message] of [
      ['1234567', PASSWORD_TOO_SHORT],
      ['ñandú12', PASSWORD_TOO_SHORT],
      [seventyThreeBytes, PASSWORD_TOO_LONG],
      ['🎸'.repeat(19), PASSWORD_TOO_LONG],
      ['Password', PASSWORD_TOO_COMMON],
      ['QWERTYUIOP', PASSWORD_TOO_COMMON],
    ] as const) {
      const res = await request(app())
        .post('/api/auth/register')
        .send({ email: 'nueva@example.com', password });
      expect400(res, message);
    }
    expect(await userCount()).toBe(0);
    // 72 bytes exactly is fine, and bcrypt then reads all of it.
    await request(app())
      .post('/api/auth/register')
      .send({ email: 'nueva@example.com', password: 'ñ'.repeat(36) })
      .expect(201);
  });

  it('a reset with a common password changes nothing and keeps the link usable', async () => {
    const user = await createUser(database.db, {
      password_hash: await hashPassword('vieja-clave', 4),
    });
    const token = 'token-de-prueba-con-bits-suficientes';
    await database.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.user_id,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const common = await request(app())
      .post('/api/auth/reset-password')
      .send({ token, password: 'football' });
    expect400(common, PASSWORD_TOO_COMMON);
    expect(common.body.error.code).toBe('weak_password');
    await request(app())
      .post('/api/auth/login')
      .send({ email: user.email, password: 'vieja-clave' })
      .expect(200);
    await request(app())
      .post('/api/auth/reset-password')
      .send({ token, password: 'una-clave-rara-9' })
      .expect(200);
  });

  it('a profile change to a common or too long password changes nothing', async () => {
    const { agent, email } = await signedInAgent(app(), database.db);
    for (const [newPassword, message] of [
      ['sunshine', PASSWORD_TOO_COMMON],
      ['x'.repeat(73), PASSWORD_TOO_LONG],
      ['corta', PASSWORD_TOO_SHORT],
    ] as const) {
      expect400(
        await agent
          .post('/api/profile/password')
          .send({ currentPassword: TEST_PASSWORD, newPassword }),
        message,
      );
    }
    await database.db.deleteFrom('rate_limits').execute();
    await request(app())
      .post('/api/auth/login')
      .send({ email, password: TEST_PASSWORD })
      .expect(200);
  });

  it('sign-in still accepts a password set under the old rules (6 characters)', async () => {
    const user = await createUser(database.db, { password_hash: await hashPassword('abc123', 4) });
    await request(app())
      .post('/api/auth/login')
      .send({ email: user.email, password: 'abc123' })
      .expect(200);
    expect400(
      await request(app())
        .post('/api/auth/login')
        .send({ email: user.email, password: 'x'.repeat(257) }),
      'La contraseña es demasiado larga.',
    );
  });
});

describe('emails with a display name or a list are refused', () => {
  it.each([
    'x<victim@example.com>',
    'Ana <ana@example.com>',
    'a,b@c.d',
    'a@b.es;c@d.es',
    '"a b"@example.com',
    'a@b',
    'a@@b.es',
    'a@b..es',
  ])('%s', async (email) => {
    expect400(
      await request(app()).post('/api/auth/register').send({ email, password: 'una-clave-larga' }),
      BAD_EMAIL,
    );
    expect400(await request(app()).post('/api/auth/recover').send({ email }), BAD_EMAIL);
    expect(await userCount()).toBe(0);
  });
});
