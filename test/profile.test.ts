import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { createConcert } from './helpers/factories.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.deleteFrom('users').execute();
  await database.db.deleteFrom('rate_limits').execute();
});

const app = () => createTestApp({ database }).app;

async function signedIn(email = `p-${Math.random().toString(16).slice(2)}@example.com`) {
  const agent = request.agent(app());
  await agent.post('/api/auth/register').send({ email, password: 'secreto123' }).expect(201);
  return { agent, email };
}

describe('profile routes need a session', () => {
  it.each([
    ['get', '/api/profile'],
    ['patch', '/api/profile'],
    ['put', '/api/profile/onboarding'],
    ['post', '/api/profile/password'],
    ['delete', '/api/profile'],
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
      isSubscribed: true,
      onboardingCompleted: false,
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
    await other.post('/api/auth/login').send({ email, password: 'secreto123' }).expect(200);

    const short = await agent
      .post('/api/profile/password')
      .send({ currentPassword: 'secreto123', newPassword: '123' });
    expect(short.body.error.message).toBe('La contraseña debe tener al menos 8 caracteres.');
    const missing = await agent.post('/api/profile/password').send({ newPassword: 'nueva-clave' });
    expect(missing.body.error.message).toBe('Introduce tu contraseña actual.');
    const wrong = await agent
      .post('/api/profile/password')
      .send({ currentPassword: 'no-es-esta', newPassword: 'nueva-clave' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('La contraseña actual no es correcta.');

    await agent
      .post('/api/profile/password')
      .send({ currentPassword: 'secreto123', newPassword: 'nueva-clave' })
      .expect(204);
    await agent.get('/api/profile').expect(200);
    await other.get('/api/profile').expect(401);
    await request(app())
      .post('/api/auth/login')
      .send({ email, password: 'nueva-clave' })
      .expect(200);
  });
});

describe('deleting the account', () => {
  it('removes the user, their recommendations and sessions, and signs out', async () => {
    const { agent, email } = await signedIn();
    const { user_id } = await database.db
      .selectFrom('users')
      .select('user_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const concert = await createConcert(database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id, concert_id: concert.id, score: 'high', reason: 'Rock' })
      .execute();

    await agent.delete('/api/profile').expect(204);
    await agent.get('/api/profile').expect(401);
    expect(
      await database.db
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', user_id)
        .execute(),
    ).toEqual([]);
    expect(
      await database.db
        .selectFrom('user_concert_recommendations')
        .select('concert_id')
        .where('user_id', '=', user_id)
        .execute(),
    ).toEqual([]);
    expect(
      await database.db
        .selectFrom('sessions')
        .select('sid')
        .where('user_id', '=', user_id)
        .execute(),
    ).toEqual([]);
    await request(app())
      .post('/api/auth/login')
      .send({ email, password: 'secreto123' })
      .expect(401);
  });
});
