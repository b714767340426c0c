import request from 'supertest';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { rowOf, useTestDatabase } from './helpers/db.js';
import { signedInAgent } from './helpers/session.js';
import { useSmtpSink } from './helpers/smtp-sink.js';
import { eventually, useJobsApp } from './fixtures/jobs-app.js';

const TOKEN = 'token-de-administracion-de-pruebas-123';
const ENDPOINTS: [string, object][] = [
  ['/api/generateRecommendations', {}],
  ['/api/generateDescriptions', {}],
  ['/api/generateDescriptionsLong', {}],
  ['/api/sendWeeklyEmail', { modo: 'prueba' }],
];

const database = useTestDatabase({
  poolSize: 20,
  // admin_runs: each test may start a generation while the last one's run is still going.
  cleared: ['admin_runs', 'mail_campaigns', 'concerts', 'users', 'rate_limits'],
});
const smtp = useSmtpSink();
const env = () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' });
const withToken = useJobsApp(() => ({ database, env: { ...env(), ADMIN_API_TOKEN: TOKEN } }));
const withoutToken = useJobsApp(() => ({ database, env: env(), work: false }));

describe.each(ENDPOINTS)('POST %s authorization', (path, body) => {
  it('answers 401 without a session', async () => {
    const res = await request(withToken.app).post(path).send(body).expect(401);
    expect(res.body.error.message).toBe('Usuario no autenticado');
  });

  it('answers 403 to a signed-in fan who is not an admin', async () => {
    const { agent } = await signedInAgent(withToken.app, database.db);
    const res = await agent.post(path).send(body).expect(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('answers 200 to an admin session', async () => {
    const { agent } = await signedInAgent(withToken.app, database.db, { is_admin: true });
    const res = await agent.post(path).send(body).expect(200);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('answers 200 with the right X-Admin-Token and 403 with a wrong one', async () => {
    await request(withToken.app).post(path).set('X-Admin-Token', TOKEN).send(body).expect(200);
    await request(withToken.app)
      .post(path)
      .set('X-Admin-Token', `${TOKEN}-x`)
      .send(body)
      .expect(403);
  });

  it('ignores the token header when ADMIN_API_TOKEN is unset', async () => {
    const res = await request(withoutToken.app)
      .post(path)
      .set('X-Admin-Token', TOKEN)
      .send(body)
      .expect(401);
    expect(res.body.error.message).toBe('Usuario no autenticado');
  });
});

describe('POST /api/sendWeeklyEmail input', () => {
  it.each([[{ modo: 'todos' }], [{}], [{ modo: 'real', extra: 1 }]])(
    'answers 400 in Spanish to %j',
    async (body) => {
      const res = await request(withToken.app)
        .post('/api/sendWeeklyEmail')
        .set('X-Admin-Token', TOKEN)
        .send(body)
        .expect(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toMatch(/prueba|válid|desconocida/);
      expect(await database.db.selectFrom('mail_campaigns').select('id').execute()).toEqual([]);
    },
  );
});

describe('descriptions', () => {
  /** A concert whose `column` an admin has already written, in Spanish and (unless told) Catalan. */
  async function describedConcert(
    column: 'description_short' | 'description_long',
    text: string,
    { catalan = true } = {},
  ) {
    const concert = await createConcert(database.db);
    await database.db
      .updateTable('concerts')
      .set({ [column]: text, ...(catalan ? { [`${column}_ca`]: text } : {}) })
      .where('id', '=', concert.id)
      .execute();
    return concert;
  }
  const generate = (route: string) =>
    request(withToken.app).post(route).set('X-Admin-Token', TOKEN).expect(200);
  /** A concert of one band of that name. */
  async function concertOf(bandName: string, fields: Parameters<typeof createConcert>[1] = {}) {
    const band = await createBand(database.db, { band_name: bandName });
    return createConcert(database.db, { bandIds: [band.id], ...fields });
  }

  it('writes Spanish short descriptions only for concerts lacking one', async () => {
    const lacking = await concertOf('Los Valldemossa', {
      genre: 'Jazz',
      venue: 'Jazz Voyeur',
      day: '2030-06-14',
      price: '0',
    });
    const other = await createConcert(database.db, { genre: 'Salsa', bandname: null });
    const described = await describedConcert('description_short', 'Ya escrita.');

    const res = await generate('/api/generateDescriptions');
    expect(res.body).toEqual({ message: 'Descripciones generadas para 2 conciertos.' });

    const rows = await database.db
      .selectFrom('concerts')
      .select(['id', 'description_short', 'description_long'])
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const jazz = byId.get(lacking.id)!.description_short!;
    expect(jazz).toContain('Los Valldemossa');
    expect(jazz).toContain('Jazz Voyeur');
    expect(jazz).toMatch(/14 de junio/);
    expect(jazz.split(/[.!?](\s|$)/).filter((part) => part.trim().length > 1)).toHaveLength(1);
    expect(byId.get(other.id)!.description_short).toMatch(/salsa/i);
    expect(byId.get(described.id)!.description_short).toBe('Ya escrita.');
    expect(rows.every((row) => row.description_long === null)).toBe(true);

    const again = await generate('/api/generateDescriptions');
    expect(again.body).toEqual({ message: 'Descripciones generadas para 0 conciertos.' });
  });

  it('writes the Catalan texts beside the Spanish ones, counting concerts, not texts', async () => {
    const lacking = await concertOf('Ona Pop', {
      genre: 'Indie',
      venue: 'Es Gremi',
      day: '2030-08-03',
      hour: '21:30',
      price: '12.50',
    });
    // Spanish written by a person: only its Catalan text is missing.
    const halfDone = await describedConcert('description_short', 'Ya escrita.', { catalan: false });

    const res = await generate('/api/generateDescriptions');
    expect(res.body).toEqual({ message: 'Descripciones generadas para 2 conciertos.' });
    const row = await rowOf(database.db, 'concerts', { id: lacking.id });
    expect(row.description_short).toMatch(/sábado, 3 de agosto/);
    const catalan = row.description_short_ca!;
    // Catalan, not Spanish: its day, its words, its apostrophes.
    expect(catalan).toMatch(/dissabte, 3 d’agost/);
    expect(catalan).toMatch(/\b(amb|sona|arriba|s’omple|Cita)\b/);
    expect(catalan).not.toMatch(/\b(con|llega|suena|sábado|agosto)\b|'/);
    expect(catalan).toContain('Ona Pop');
    const other = await rowOf(database.db, 'concerts', { id: halfDone.id });
    expect(other.description_short).toBe('Ya escrita.');
    expect(other.description_short_ca).toMatch(/^\S.*\.$/);
    expect(other.description_short_ca).not.toBe('Ya escrita.');

    await generate('/api/generateDescriptionsLong');
    const long = await rowOf(database.db, 'concerts', { id: lacking.id });
    expect(long.description_long_ca).toMatch(/dissabte, 3 d’agost/);
    expect(long.description_long_ca).toMatch(/12,50\s€/);
    expect(long.description_long_ca!.split(/(?<=[.!?])\s+/)).toHaveLength(3);
  });

  it('writes long descriptions of 3 to 4 sentences, leaving existing ones untouched', async () => {
    const band = await createBand(database.db, { band_name: 'Ona Rock' });
    const lacking = await createConcert(database.db, { bandIds: [band.id], price: '12.50' });
    const described = await describedConcert('description_long', 'Larga ya escrita.');

    const res = await generate('/api/generateDescriptionsLong');
    expect(res.body).toEqual({ message: 'Descripciones generadas para 1 concierto.' });
    const row = await rowOf(database.db, 'concerts', { id: lacking.id });
    expect(row.description_long).toContain('Ona Rock');
    expect(row.description_long).toContain('12,50');
    const sentences = row.description_long!.split(/(?<=[.!?])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(row.description_short).toBeNull();
    const untouched = await rowOf(database.db, 'concerts', { id: described.id });
    expect(untouched.description_long).toBe('Larga ya escrita.');
  });
});

describe('POST /api/generateRecommendations', () => {
  it('scores the future concerts of every onboarded fan through the queue', async () => {
    const fans = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createUser(database.db, { top_genres: [i % 2 ? 'Rock' : 'Jazz'] }),
      ),
    );
    const newcomer = await createUser(database.db, { onboarding_completed: false });
    const concerts = await Promise.all([
      createConcert(database.db, { genre: 'Rock' }),
      createConcert(database.db, { genre: 'Jazz' }),
      createConcert(database.db, { genre: 'Metal' }),
    ]);

    const res = await request(withToken.app)
      .post('/api/generateRecommendations')
      .set('X-Admin-Token', TOKEN)
      .expect(200);
    expect(res.body).toEqual({
      message: 'Generación de recomendaciones en marcha para 6 usuarios.',
    });

    const scored = () =>
      database.db
        .selectFrom('user_concert_recommendations')
        .select(['user_id', 'concert_id', 'score'])
        .where('score', 'is not', null)
        .execute();
    await eventually(async () => (await scored()).length === fans.length * concerts.length);
    const rows = await scored();
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set(fans.map((f) => f.user_id)));
    expect(rows.some((row) => row.user_id === newcomer.user_id)).toBe(false);
    const jazzFan = rows.find(
      (row) => row.user_id === fans[0]!.user_id && row.concert_id === concerts[1].id,
    );
    expect(jazzFan?.score).toBe('high');
  });
});
