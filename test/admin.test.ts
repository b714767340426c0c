import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { createTestDatabase, rowOf, type TestDatabase } from './helpers/db.js';
import { createBand, createConcert } from './helpers/factories.js';
import { ADMIN_ROUTES } from './helpers/admin-routes.js';
import { rawBody } from './helpers/raw-body.js';
import { signedInAgent } from './helpers/session.js';

const API_TOKEN = 'token-de-administracion-de-prueba';

let database: TestDatabase;
let testApp: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await createTestDatabase();
  testApp = createTestApp({ database, env: { ADMIN_API_TOKEN: API_TOKEN } });
  // Concerts pick their venue from the managed list.
  await database.db
    .insertInto('venues')
    .values([
      { id: 1, name: 'Es Gremi', town: 'Palma' },
      { id: 7, name: 'Sala Siete', town: 'Inca' },
    ])
    .execute();
});
afterAll(() => database.destroy());

const app = () => testApp.app;
const admin = () => signedInAgent(app(), database.db, { is_admin: true });
const concertRow = (id: number) => rowOf(database.db, 'concerts', { id });

/** An admin's POST to `url` with `body`, refused with a 400 and `message`. */
async function expectRefused(url: string, body: object, message: string) {
  const { agent } = await admin();
  const res = await agent.post(url).send(body);
  expect(res.status).toBe(400);
  expect(res.body.error.message).toBe(message);
}

const validConcert = {
  day: '2031-05-20',
  genre: 'Jazz',
  venueId: 1,
  hour: '21:30',
  price: 12.5,
};

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } },
  })
    .png()
    .toBuffer();
}

describe('every admin route is for admins only', () => {
  it.each(ADMIN_ROUTES)('%s %s answers 401 without a session', async (method, url) => {
    const res = await request(app())[method](url).send({});
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Usuario no autenticado');
  });

  it.each(ADMIN_ROUTES)('%s %s answers 403 to a fan', async (method, url) => {
    const { agent } = await signedInAgent(app(), database.db);
    const res = await agent[method](url).send({});
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('No tienes permisos de administrador.');
  });

  it.each(ADMIN_ROUTES)('%s %s answers 403 to a wrong API token', async (method, url) => {
    const res = await request(app())[method](url).set('X-Admin-Token', 'otro').send({});
    expect(res.status).toBe(403);
  });

  it.each(ADMIN_ROUTES)(
    '%s %s answers an admin with Cache-Control: no-store',
    async (method, url) => {
      // Ids nothing has: whatever the answer (a 400 or 404 here), no write happens.
      const nowhere = url.replace(/\/1(?=\/|$)/g, '/999999');
      const res = await request(app())[method](nowhere).set('X-Admin-Token', API_TOKEN).send({});
      expect(res.status).not.toBe(401);
      expect(res.status).not.toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('the API token works, and its concerts have no creator', async () => {
    const res = await request(app())
      .post('/api/admin/concerts')
      .set('X-Admin-Token', API_TOKEN)
      .send(validConcert)
      .expect(201);
    expect((await concertRow(res.body.id)).user_id).toBeNull();
    await request(app()).get('/api/admin/venues').set('X-Admin-Token', API_TOKEN).expect(200);
  });
});

describe('POST /api/admin/concerts', () => {
  it('creates the concert with the admin as creator', async () => {
    const { agent, userId } = await admin();
    const res = await agent
      .post('/api/admin/concerts')
      .send({
        ...validConcert,
        name: '  Noche de jazz ',
        description: 'Trío en directo',
        imageUrl: '/uploads/abc123.webp',
      })
      .expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      message: `Concierto creado con ID: ${res.body.id}`,
    });
    expect(await concertRow(res.body.id)).toMatchObject({
      day: '2031-05-20',
      hour: '21:30:00',
      venue: 'Es Gremi',
      venue_id: 1,
      genre: 'Jazz',
      price: '12.50',
      bandname: 'Noche de jazz',
      concert_description: 'Trío en directo',
      image_url: '/uploads/abc123.webp',
      user_id: userId,
    });
  });

  it('takes the price and venue ID as text too, and 0 means free', async () => {
    const { agent } = await admin();
    const res = await agent
      .post('/api/admin/concerts')
      .send({ ...validConcert, price: '0', venueId: '7', name: '' })
      .expect(201);
    expect(await concertRow(res.body.id)).toMatchObject({
      price: '0.00',
      venue_id: 7,
      bandname: null,
    });
  });

  it.each([
    [{ day: undefined }, 'Indica el día del concierto.'],
    [{ day: '20-05-2031' }, 'El día debe tener el formato aaaa-mm-dd.'],
    [{ day: '2031-02-30' }, 'El día debe tener el formato aaaa-mm-dd.'],
    [{ genre: 'Ópera' }, 'Género desconocido.'],
    [{ genre: undefined }, 'Elige un género.'],
    [
      { venueId: undefined, newVenue: { name: '  ', town: 'Palma' } },
      'Indica el nombre de la sala.',
    ],
    [{ venueId: 'abc' }, 'La sala elegida no es válida.'],
    [{ venueId: 1.5 }, 'La sala elegida no es válida.'],
    [{ venueId: undefined }, 'Elige una sala de la lista o añade una nueva (solo una).'],
    [{ venueId: 999 }, 'Esa sala no está en la lista de salas.'],
    [{ hour: '25:00' }, 'La hora debe tener el formato HH:mm.'],
    [{ price: -1 }, 'El precio no puede ser negativo.'],
    [{ price: 1.234 }, 'El precio debe ser un número con como mucho 2 decimales.'],
    [{ price: 'gratis' }, 'El precio debe ser un número con como mucho 2 decimales.'],
    [{ price: undefined }, 'Indica el precio.'],
    [{ imageUrl: 'javascript:alert(1)' }, 'La URL de la imagen no es válida.'],
  ])('refuses %j with a Spanish message', (change, message) =>
    expectRefused('/api/admin/concerts', { ...validConcert, ...change }, message),
  );

  it('refuses unknown fields and a non-object body without a 500', async () => {
    const { agent } = await admin();
    const extra = await agent.post('/api/admin/concerts').send({ ...validConcert, like_count: 9 });
    expect(extra.status).toBe(400);
    const list = await agent.post('/api/admin/concerts').send([1, 2]);
    expect(list.status).toBe(400);
  });
});

describe('POST /api/admin/bands', () => {
  it('creates a band', async () => {
    const band = {
      name: 'Los Alisios',
      spotifyUrl: 'https://open.spotify.com/artist/123',
      genres: ['Rock', 'Indie'],
      imageUrl: 'https://example.com/a.jpg',
    };
    const { agent } = await admin();
    const res = await agent.post('/api/admin/bands').send(band).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      message: `Banda creada con ID: ${res.body.id}`,
    });
    expect(await rowOf(database.db, 'bands', { id: res.body.id })).toMatchObject({
      band_name: 'Los Alisios',
      band_spotify_url: 'https://open.spotify.com/artist/123',
      band_genres: ['Rock', 'Indie'],
      image_url: 'https://example.com/a.jpg',
    });
  });

  it('needs only the name', async () => {
    const { agent } = await admin();
    await agent.post('/api/admin/bands').send({ name: 'Solo Nombre', spotifyUrl: '' }).expect(201);
  });

  it('refuses a duplicate name whatever its case', async () => {
    const { agent } = await admin();
    await agent.post('/api/admin/bands').send({ name: 'Sa Tramuntana' }).expect(201);
    const res = await agent.post('/api/admin/bands').send({ name: 'SA TRAMUNTANA ' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Ya existe una banda con ese nombre.');
  });

  it.each([
    [{}, 'Indica el nombre de la banda.'],
    [{ name: '   ' }, 'Indica el nombre de la banda.'],
    [{ name: 'X', spotifyUrl: 'no es una url' }, 'La URL de Spotify no es válida.'],
    [{ name: 'X', spotifyUrl: 'ftp://spotify.com/a' }, 'La URL de Spotify no es válida.'],
    [{ name: 'X', genres: ['Ópera'] }, 'Género desconocido.'],
    [{ name: 'X', genres: ['Rock', 'Rock'] }, 'Hay géneros repetidos.'],
    [{ name: 'X', genres: 'Rock' }, 'Los géneros deben ser una lista.'],
  ])('refuses %j', (body, message) => expectRefused('/api/admin/bands', body, message));
});

describe('POST /api/admin/links', () => {
  it('links a band to a concert, which then shows it in the agenda', async () => {
    const { agent } = await admin();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const concert = await agent
      .post('/api/admin/concerts')
      .send({ ...validConcert, day: tomorrow })
      .expect(201);
    const band = await agent
      .post('/api/admin/bands')
      .send({ name: 'Banda del Agenda', spotifyUrl: 'https://open.spotify.com/artist/9' })
      .expect(201);
    const res = await agent
      .post('/api/admin/links')
      .send({ concertId: concert.body.id, bandId: band.body.id })
      .expect(201);
    expect(res.body).toEqual({ message: 'Vínculo creado con éxito' });

    const agenda = await request(app()).get('/api/concerts').expect(200);
    const listed = agenda.body.concerts.find((c: { id: number }) => c.id === concert.body.id);
    expect(listed).toMatchObject({
      day: tomorrow,
      hour: '21:30',
      venue: 'Es Gremi',
      genre: 'Jazz',
      price: '12.50',
      bands: [
        {
          id: band.body.id,
          name: 'Banda del Agenda',
          spotifyUrl: 'https://open.spotify.com/artist/9',
        },
      ],
    });
  });

  it('refuses a link that already exists', async () => {
    const { agent } = await admin();
    const band = await createBand(database.db);
    const concert = await createConcert(database.db, { bandIds: [band.id] });
    const res = await agent
      .post('/api/admin/links')
      .send({ concertId: concert.id, bandId: band.id });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Ese concierto y esa banda ya están vinculados.');
  });

  it('answers 404 for unknown ids', async () => {
    const { agent } = await admin();
    const band = await createBand(database.db);
    const concert = await createConcert(database.db);
    const noConcert = await agent
      .post('/api/admin/links')
      .send({ concertId: 999999, bandId: band.id });
    expect(noConcert.status).toBe(404);
    expect(noConcert.body.error.message).toBe('No existe ningún concierto con ese ID.');
    const noBand = await agent
      .post('/api/admin/links')
      .send({ concertId: concert.id, bandId: 999999 });
    expect(noBand.status).toBe(404);
    expect(noBand.body.error.message).toBe('No existe ninguna banda con ese ID.');
  });

  it.each([
    [{ bandId: 1 }, 'Elige el concierto que quieres vincular.'],
    [{ concertId: 1 }, 'Elige la banda que quieres vincular.'],
    [{ concertId: 'uno', bandId: 1 }, 'El concierto elegido no es válido.'],
    [{ concertId: 1, bandId: -3 }, 'La banda elegida no es válida.'],
    [{ concertId: 1, bandId: 99999999999 }, 'La banda elegida no es válida.'],
  ])('refuses %j', (body, message) => expectRefused('/api/admin/links', body, message));
});

describe('pickers', () => {
  it('finds concerts by band name without caring for accents or case, by free name and by date', async () => {
    const { agent } = await admin();
    const band = await createBand(database.db, { band_name: 'Orquestra Simfònica Àrea' });
    const linked = await createConcert(database.db, { day: '2032-03-03', bandIds: [band.id] });
    const named = await createConcert(database.db, { day: '2032-03-04', bandname: 'Festa Ñandú' });

    const byBand = await agent
      .get('/api/admin/concerts/search')
      .query({ q: 'simfonica AREA' })
      .expect(200);
    expect(byBand.body.concerts).toEqual([
      {
        id: linked.id,
        day: '2032-03-03',
        hour: '21:00',
        venue: 'Es Gremi',
        name: null,
        bands: ['Orquestra Simfònica Àrea'],
      },
    ]);
    const byName = await agent.get('/api/admin/concerts/search').query({ q: 'nandu' }).expect(200);
    expect(byName.body.concerts.map((c: { id: number }) => c.id)).toEqual([named.id]);
    const byDay = await agent
      .get('/api/admin/concerts/search')
      .query({ day: '2032-03-04' })
      .expect(200);
    expect(byDay.body.concerts.map((c: { id: number }) => c.id)).toEqual([named.id]);
    const byDayText = await agent
      .get('/api/admin/concerts/search')
      .query({ q: '2032-03-03' })
      .expect(200);
    expect(byDayText.body.concerts.map((c: { id: number }) => c.id)).toEqual([linked.id]);
    // LIKE wildcards are plain characters.
    const wildcard = await agent.get('/api/admin/concerts/search').query({ q: '%' }).expect(200);
    expect(wildcard.body.concerts).toEqual([]);
  });

  it('answers at most 20 concerts and refuses a bad date', async () => {
    const { agent } = await admin();
    for (let i = 0; i < 22; i += 1) await createConcert(database.db, { bandname: `Lote ${i}` });
    const res = await agent.get('/api/admin/concerts/search').query({ q: 'lote' }).expect(200);
    expect(res.body.concerts).toHaveLength(20);
    const bad = await agent.get('/api/admin/concerts/search').query({ day: 'mañana' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('La fecha debe tener el formato aaaa-mm-dd.');
  });

  it('finds bands by name, accent and case-insensitive, at most 20', async () => {
    const { agent } = await admin();
    const band = await createBand(database.db, { band_name: 'Cançó de Bressol' });
    const res = await agent.get('/api/admin/bands/search').query({ q: 'CANCO' }).expect(200);
    expect(res.body.bands).toEqual([{ id: band.id, name: 'Cançó de Bressol' }]);
    for (let i = 0; i < 22; i += 1) await createBand(database.db, { band_name: `Grupo ${i}` });
    const many = await agent.get('/api/admin/bands/search').query({ q: 'grupo' }).expect(200);
    expect(many.body.bands).toHaveLength(20);
  });

  it('lists the known venues and the venue names only found on concerts', async () => {
    const { agent } = await admin();
    await database.db
      .insertInto('venues')
      .values({ id: 501, name: 'Sala Prueba', town: 'Inca' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await createConcert(database.db, { venue: 'Bar Nuevo', venue_id: 777 });
    const res = await agent.get('/api/admin/venues').expect(200);
    expect(res.body.venues).toEqual(
      expect.arrayContaining([
        { id: 501, name: 'Sala Prueba', town: 'Inca', known: true },
        { id: 777, name: 'Bar Nuevo', town: null, known: false },
      ]),
    );
    const names = res.body.venues.map((v: { name: string }) => v.name);
    expect(names.filter((name: string) => name === 'Sala Prueba')).toHaveLength(1);
  });
});

describe('image uploads', () => {
  it('resizes a big PNG to a webp at most 1200 px wide, served with a long cache', async () => {
    const { agent } = await admin();
    const res = await agent
      .post('/api/admin/uploads')
      .attach('image', await pngOf(2400, 1200), {
        filename: 'cartel.png',
        contentType: 'image/png',
      })
      .expect(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(existsSync(path.join(testApp.config.dataDir, res.body.url))).toBe(true);

    const served = await rawBody(request(app()).get(res.body.url)).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 600 });
  });

  it('keeps a small picture at its size', async () => {
    const { agent } = await admin();
    const res = await agent
      .post('/api/admin/uploads')
      .attach('image', await pngOf(300, 200), { filename: 'mini.png', contentType: 'image/png' })
      .expect(201);
    const file = path.join(testApp.config.dataDir, res.body.url);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 300 });
  });

  it('refuses a text file, even one claiming to be a PNG', async () => {
    const { agent } = await admin();
    const text = await agent
      .post('/api/admin/uploads')
      .attach('image', Buffer.from('hola'), { filename: 'nota.txt', contentType: 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body.error.message).toBe('El archivo debe ser una imagen JPEG, PNG o WebP.');
    const disguised = await agent
      .post('/api/admin/uploads')
      .attach('image', Buffer.from('hola'), { filename: 'nota.png', contentType: 'image/png' });
    expect(disguised.status).toBe(400);
    expect(disguised.body.error.message).toBe('El archivo debe ser una imagen JPEG, PNG o WebP.');
  });

  it('refuses a missing file, another field name and a file over 5 MB', async () => {
    const { agent } = await admin();
    const none = await agent.post('/api/admin/uploads').send({});
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe("Envía una imagen en el campo 'image'.");
    const otherField = await agent
      .post('/api/admin/uploads')
      .attach('foto', await pngOf(10, 10), { filename: 'a.png', contentType: 'image/png' });
    expect(otherField.status).toBe(400);
    const big = await agent
      .post('/api/admin/uploads')
      .attach('image', Buffer.alloc(5 * 1024 * 1024 + 1), {
        filename: 'g.png',
        contentType: 'image/png',
      });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('La imagen no puede pesar más de 5 MB.');
  });

  it('answers a plain 404 for a missing picture', async () => {
    const res = await request(app()).get('/uploads/no-existe.webp');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});
