import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { rowOf, rowsOf, useTestDatabase } from './helpers/db.js';
import { createConcert } from './helpers/factories.js';

const database = useTestDatabase({ cleared: ['users', 'rate_limits'] });

const app = () => createTestApp({ database }).app;

// Long and uncommon: new passwords must pass the password rules whatever they become.
const PASSWORD = 'tramuntana-luna-2931';
const NEW_PASSWORD = 'sa-calobra-nova-8172';

async function signedIn(email = `p-${Math.random().toString(16).slice(2)}@example.com`) {
  const agent = request.agent(app());
  await agent.post('/api/auth/register').send({ email, password: PASSWORD }).expect(201);
  return { agent, email };
}

const userExists = async (email: string) =>
  (await rowsOf(database.db, 'users', { email })).length === 1;

/** POST /api/profile/password from the signed-in `agent`. */
const changePassword = (
  agent: ReturnType<typeof request.agent>,
  currentPassword: string,
  newPassword: string,
) => agent.post('/api/profile/password').send({ currentPassword, newPassword });

describe('profile routes need a session', () => {
  it.each([
    ['get', '/api/profile'],
    ['patch', '/api/profile'],
    ['put', '/api/profile/onboarding'],
    ['post', '/api/profile/password'],
    ['delete', '/api/profile'],
    ['get', '/api/profile/sessions'],
    ['post', '/api/profile/sessions/end-others'],
    ['delete', '/api/profile/sessions/AAAAAAAAAAAAAAAAAAAAAA'],
  ] as const)('%s %s answers 401 without one', async (method, path) => {
    const res = await request(app())[method](path).send({});
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('No hay sesión activa. Por favor, inicia sesión.');
  });
});

describe('reading and updating the profile', () => {
  it('reads what we know, with empty lists for a new account', async () => {
    const { agent, email } = await signedIn();
    const res = await agent.get('/api/profile').expect(200);
    expect(res.body).toEqual({
      name: null,
      email,
      topArtists: [],
      topGenres: [],
      dislikedGenres: [],
      hasPassword: true,
      signInProviders: [],
      isSubscribed: true,
      changeNotices: true,
      // The reminder the day before a concert waits until the fan turns it on.
      showReminders: false,
      alertFrequency: 'daily',
      onboardingCompleted: false,
      // Registered a moment ago: the link in the welcome mail has not been opened.
      emailVerified: false,
    });
  });

  it('updates name, artists and genres', async () => {
    const { agent } = await signedIn();
    const res = await agent
      .patch('/api/profile')
      .send({
        name: 'Joana',
        topArtists: ['Sa Fosca', 'Els Tramuntans', 'Sa Fosca'],
        topGenres: ['Rock', 'Jazz'],
        dislikedGenres: ['Reggaetón'],
      })
      .expect(200);
    expect(res.body).toMatchObject({
      name: 'Joana',
      topArtists: ['Sa Fosca', 'Els Tramuntans'],
      topGenres: ['Rock', 'Jazz'],
      dislikedGenres: ['Reggaetón'],
    });
    expect((await agent.get('/api/session')).body.user.name).toBe('Joana');
  });

  it('saves how often the artist alerts come', async () => {
    const { agent } = await signedIn();
    const res = await agent.patch('/api/profile').send({ alertFrequency: 'instant' }).expect(200);
    expect(res.body.alertFrequency).toBe('instant');
    expect((await agent.get('/api/profile')).body.alertFrequency).toBe('instant');
  });

  it.each([
    [{ topGenres: [] }, 'Debes seleccionar al menos un género.'],
    [
      { topGenres: ['Pop', 'Rock', 'Indie', 'Jazz', 'Funk', 'Blues'] },
      'Máximo 5 géneros. 🙏 Desmarca uno para seleccionar otro.',
    ],
    [{ topGenres: ['Opera'] }, 'Género desconocido.'],
    [
      { topGenres: ['Rock'], dislikedGenres: ['Rock'] },
      'Un género no puede gustarte y no gustarte a la vez.',
    ],
    [
      { topArtists: Array.from({ length: 51 }, (_, i) => `A${i}`) },
      'Como mucho 50 artistas favoritos.',
    ],
    [
      { topArtists: ['x'.repeat(101)] },
      'El nombre de un artista no puede tener más de 100 caracteres.',
    ],
    [{ isAdmin: true }, 'Llave desconocida: "isAdmin"'],
    [
      { alertFrequency: 'weekly' },
      'Elige cuándo quieres los avisos: en cuanto se anuncien, un resumen al día o nunca.',
    ],
  ])('rejects %j with a Spanish 400 and changes nothing', async (body, message) => {
    const { agent } = await signedIn();
    await agent
      .patch('/api/profile')
      .send({ topGenres: ['Jazz'] })
      .expect(200);
    const res = await agent.patch('/api/profile').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const after = await agent.get('/api/profile');
    expect(after.body.topGenres).toEqual(['Jazz']);
    expect(after.body.topArtists).toEqual([]);
  });

  it('refuses a disliked genre that overlaps the liked ones already saved', async () => {
    const { agent } = await signedIn();
    await agent
      .patch('/api/profile')
      .send({ topGenres: ['Funk'] })
      .expect(200);
    const res = await agent.patch('/api/profile').send({ dislikedGenres: ['Funk'] });
    expect(res.status).toBe(400);
  });

  it('onboarding stores the genres and completes onboarding', async () => {
    const { agent } = await signedIn();
    const res = await agent
      .put('/api/profile/onboarding')
      .send({ topGenres: ['Techno', 'House'], dislikedGenres: ['Flamenco'] })
      .expect(200);
    expect(res.body).toMatchObject({ topGenres: ['Techno', 'House'], onboardingCompleted: true });
    expect((await agent.get('/api/session')).body.user.onboardingCompleted).toBe(true);
  });
});

describe('changing the password', () => {
  it('requires the current password, checks the new one, and ends the other sessions', async () => {
    const { agent, email } = await signedIn();
    const other = request.agent(app());
    await other.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);

    const short = await changePassword(agent, PASSWORD, '123');
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('La contraseña debe tener al menos 8 caracteres.');
    const missing = await agent.post('/api/profile/password').send({ newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Introduce tu contraseña actual.');
    const empty = await changePassword(agent, '', NEW_PASSWORD);
    expect(empty.body.error.message).toBe('Introduce tu contraseña actual.');
    const wrong = await changePassword(agent, 'no-es-esta-clave', NEW_PASSWORD);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'current_password_wrong',
      message: 'La contraseña actual no es correcta.',
    });
    // Nothing changed: the old password still signs in, the other session still works.
    await other.get('/api/profile').expect(200);
    await request(app()).post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);

    await changePassword(agent, PASSWORD, NEW_PASSWORD).expect(204);
    await agent.get('/api/profile').expect(200);
    await other.get('/api/profile').expect(401);
    await request(app()).post('/api/auth/login').send({ email, password: PASSWORD }).expect(401);
    await request(app())
      .post('/api/auth/login')
      .send({ email, password: NEW_PASSWORD })
      .expect(200);
  });

  it('allows 5 attempts per user in 15 minutes, then answers 429 with Retry-After', async () => {
    const { agent, email } = await signedIn();
    for (let attempt = 0; attempt < 5; attempt++) {
      await changePassword(agent, PASSWORD, '1').expect(400);
    }
    const limited = await changePassword(agent, PASSWORD, NEW_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(
      'Demasiados intentos. Espera un momento y vuelve a probar.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await request(app()).post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);

    // Per user: another fan is not held back.
    const { agent: someoneElse } = await signedIn();
    await changePassword(someoneElse, PASSWORD, NEW_PASSWORD).expect(204);
  });

  it('counts wrong current passwords across password change and deletion', async () => {
    const { agent, email } = await signedIn();
    for (let attempt = 0; attempt < 3; attempt++) {
      await agent
        .delete('/api/profile')
        .send({ currentPassword: `mala-${attempt}` })
        .expect(400);
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      await changePassword(agent, `mala-otra-${attempt}`, NEW_PASSWORD).expect(400);
    }
    // Five failures: even the right password is not tried any more for a while.
    const limited = await agent.delete('/api/profile').send({ currentPassword: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const alsoLimited = await changePassword(agent, PASSWORD, NEW_PASSWORD);
    expect(alsoLimited.status).toBe(429);
    expect(await userExists(email)).toBe(true);
    await agent.get('/api/profile').expect(200);
  });
});

describe('deleting the account', () => {
  it('needs the current password: missing or wrong changes nothing', async () => {
    const { agent, email } = await signedIn();
    const missing = await agent.delete('/api/profile');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Introduce tu contraseña actual.');
    const wrong = await agent.delete('/api/profile').send({ currentPassword: 'no-es-esta-clave' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('La contraseña actual no es correcta.');
    const unknown = await agent.delete('/api/profile').send({ password: PASSWORD });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Llave desconocida: "password"');
    expect(await userExists(email)).toBe(true);
    await agent.get('/api/profile').expect(200);
  });

  it('removes the user, their recommendations and sessions, and signs out', async () => {
    const { agent, email } = await signedIn();
    const { user_id } = await rowOf(database.db, 'users', { email });
    const concert = await createConcert(database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id, concert_id: concert.id, score: 'high', reason: 'Rock' })
      .execute();

    await agent.delete('/api/profile').send({ currentPassword: PASSWORD }).expect(204);
    await agent.get('/api/profile').expect(401);
    expect(await userExists(email)).toBe(false);
    expect(await rowsOf(database.db, 'user_concert_recommendations', { user_id })).toEqual([]);
    expect(await rowsOf(database.db, 'sessions', { user_id })).toEqual([]);
    await request(app()).post('/api/auth/login').send({ email, password: PASSWORD }).expect(401);
  });
});
