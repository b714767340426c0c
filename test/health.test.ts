import request from 'supertest';
import { connectDatabase } from '../server/db/database.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';

const database = useTestDatabase();

describe('health probes', () => {
  it('GET /healthz answers while the process is up', async () => {
    const { app } = createTestApp({ database });
    const res = await request(app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when the database answers, and says what runs beside it', async () => {
    const { app } = createTestApp({ database });
    // This app has no job queue and no change feed (most tests): both reported as off.
    await request(app).get('/readyz').expect(200, { status: 'ok', jobs: 'off', changeFeed: 'off' });
  });

  it('GET /readyz is 503 when the database does not answer', async () => {
    // A port where nothing listens.
    const unreachable = connectDatabase('postgres://nobody:x@127.0.0.1:9/none', 1);
    const { app } = createTestApp({ database: unreachable });
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body.status).toBe('unavailable');
    await unreachable.close();
  });
});

describe('API basics', () => {
  it('an unknown /api path answers 404 JSON in Spanish', async () => {
    const { app } = createTestApp({ database });
    const res = await request(app).get('/api/no-existe').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({
      error: { code: 'not_found', message: 'Esta ruta de la API no existe.' },
    });
  });

  it('malformed JSON gets a Spanish 400, never a 500', async () => {
    const { app } = createTestApp({ database });
    const res = await request(app)
      .post('/api/no-existe')
      .set('Content-Type', 'application/json')
      .send('{"roto":');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('El cuerpo de la petición no es JSON válido.');
  });

  it('every response carries a request id, and an incoming one is kept', async () => {
    const { app } = createTestApp({ database });
    const fresh = await request(app).get('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(app).get('/healthz').set('X-Request-Id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
  });

  it('GET /api/config exposes only the public settings', async () => {
    const { app } = createTestApp({
      database,
      env: {
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'very-secret',
        BANDS_FORM_URL: 'https://forms.example.com/bandas',
      },
    });
    const res = await request(app).get('/api/config').expect(200);
    expect(res.body).toEqual({
      googleEnabled: true,
      spotifyEnabled: false,
      bandsFormUrl: 'https://forms.example.com/bandas',
      publicSiteUrl: null,
      publicUrl: expect.stringMatching(/^http:\/\/localhost:\d+$/),
    });
    expect(JSON.stringify(res.body)).not.toContain('very-secret');
  });
});
