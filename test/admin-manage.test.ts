// The admin's management API: concerts (list, edit, bands in place, duplicate, cancel, delete),
// bands (edit, merge, delete), venues, the audit log, and who may call any of it.
import request from 'supertest';
import { useTestApp } from './helpers/app.js';
import { ADMIN_EDIT_TABLES, rowOf, rowsOf, useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser, createVenue } from './helpers/factories.js';
import { ADMIN_ROUTES } from './helpers/admin-routes.js';
import { signedInAgent } from './helpers/session.js';

const API_TOKEN = 'token-de-administracion-de-prueba';

const database = useTestDatabase({ cleared: [...ADMIN_EDIT_TABLES] });
const testApp = useTestApp(() => ({ database, env: { ADMIN_API_TOKEN: API_TOKEN } }));

const app = () => testApp.app;
const admin = () => signedInAgent(app(), database.db, { is_admin: true });

describe('permissions', () => {
  it('ADMIN_ROUTES names every route under /api/admin the app documents', async () => {
    const doc = (await request(app()).get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const shape = (url: string) => url.replace(/\/(\d+|\{[^}]+\})(?=\/|$)/g, '/{}');
    const documented = Object.entries(doc.paths)
      .filter(([url]) => url.startsWith('/api/admin/'))
      .flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method} ${shape(url)}`));
    expect(new Set(ADMIN_ROUTES.map(([method, url]) => `${method} ${shape(url)}`))).toEqual(
      new Set(documented),
    );
  });

  it('a fan gets 403 and a visitor 401 on every admin route, and nothing changes', async () => {
    const venue = await createVenue(database.db, { name: 'Es Gremi' });
    const band = await createBand(database.db);
    await createConcert(database.db, { venue_id: venue.id, bandIds: [band.id] });
    const { agent } = await signedInAgent(app(), database.db);
    const answers: string[] = [];
    for (const [method, url] of ADMIN_ROUTES) {
      const fan = await agent[method](url).send({ name: 'X', intoId: 2 });
      const visitor = await request(app())[method](url).send({});
      answers.push(`${method} ${url} ${fan.status} ${visitor.status}`);
    }
    expect(answers).toEqual(ADMIN_ROUTES.map(([method, url]) => `${method} ${url} 403 401`));
    const audit = await database.db.selectFrom('admin_audit').select('id').execute();
    expect(audit).toEqual([]);
  });

  it('the API token reaches the same operations and is named API in the audit log', async () => {
    const venue = await createVenue(database.db);
    const concert = await createConcert(database.db, { venue_id: venue.id });
    const token = (req: request.Test) => req.set('X-Admin-Token', API_TOKEN);
    await token(request(app()).get('/api/admin/concerts')).expect(200);
    await token(request(app()).patch(`/api/admin/concerts/${concert.id}`))
      .send({ price: '20' })
      .expect(200);
    await token(request(app()).post(`/api/admin/concerts/${concert.id}/cancel`)).expect(200);
    const audit = await token(request(app()).get('/api/admin/audit')).expect(200);
    expect(
      audit.body.items.map((e: { action: string; actor: string }) => [e.action, e.actor]),
    ).toEqual([
      ['concert.cancel', 'API'],
      ['concert.update', 'API'],
    ]);
    await request(app()).get('/api/admin/audit').set('X-Admin-Token', 'otro').expect(403);
  });
});

describe('the concert list', () => {
  it('finds by band, name or venue with accents and case ignored, filters and pages', async () => {
    const gremi = await createVenue(database.db, { name: 'Es Gremi' });
    const teatre = await createVenue(database.db, { name: 'Teatre Principal' });
    const band = await createBand(database.db, { band_name: 'Los Pájaros Azules' });
    const withBand = await createConcert(database.db, {
      day: '2030-03-01',
      venue: gremi.name,
      venue_id: gremi.id,
      bandIds: [band.id],
    });
    const named = await createConcert(database.db, {
      day: '2030-03-02',
      bandname: 'Noche Acústica',
      venue: teatre.name,
      venue_id: teatre.id,
      genre: 'Jazz',
    });
    const past = await createConcert(database.db, {
      day: '2020-01-01',
      bandname: 'Pajaros viejos',
    });
    const { agent } = await admin();
    const ids = async (query: string) =>
      (await agent.get(`/api/admin/concerts?${query}`).expect(200)).body.items.map(
        (item: { id: number }) => item.id,
      );

    expect(await ids('q=PAJAROS')).toEqual([withBand.id]);
    expect(await ids('q=acustica')).toEqual([named.id]);
    expect(await ids('q=teatre')).toEqual([named.id]);
    expect(await ids('q=pajaros&when=past')).toEqual([past.id]);
    expect(await ids('q=pajaros&when=all')).toEqual([past.id, withBand.id]);
    expect(await ids('genre=Jazz')).toEqual([named.id]);
    expect(await ids('withoutBands=true')).toEqual([named.id]);
    expect(await ids('from=2030-03-02&to=2030-03-31')).toEqual([named.id]);

    const first = await agent.get('/api/admin/concerts?when=all').expect(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(first.body.items[1]).toMatchObject({
      id: withBand.id,
      venue: 'Es Gremi',
      venueId: gremi.id,
      bands: [{ id: band.id, name: 'Los Pájaros Azules' }],
      cancelledAt: null,
    });
    const second = await agent.get('/api/admin/concerts?when=all&page=2').expect(200);
    expect(second.body.items).toEqual([]);
  });

  it.each([
    ['when=soon', "El filtro de fechas debe ser 'upcoming', 'past' o 'all'."],
    ['from=2030-02-30', 'La fecha inicial debe tener el formato aaaa-mm-dd.'],
    ['genre=Ópera', 'Género desconocido.'],
    ['page=0', 'La página debe ser un número entero positivo.'],
    ['withoutImage=si', "Usa 'true' o 'false'."],
    ['extra=1', 'Llave desconocida: "extra"'],
  ])('refuses %s with a Spanish 400', async (query, message) => {
    const { agent } = await admin();
    const res = await agent.get(`/api/admin/concerts?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });
});

describe('editing a concert', () => {
  it('changes every field, picks a venue by id or adds a new one, removes the image', async () => {
    const gremi = await createVenue(database.db, { name: 'Es Gremi' });
    const concert = await createConcert(database.db, { venue: gremi.name, venue_id: gremi.id });
    await database.db
      .updateTable('concerts')
      .set({ image_url: '/uploads/abc.webp' })
      .where('id', '=', concert.id)
      .execute();
    const { agent, email } = await admin();
    const res = await agent
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({
        day: '2030-02-02',
        hour: '22:15',
        genre: 'Jazz',
        price: '9.5',
        name: 'Nuevo nombre',
        description: 'Otra descripción',
        imageUrl: null,
        newVenue: { name: 'Sa Societat', town: 'Sóller', website: 'https://sasocietat.example' },
      })
      .expect(200);
    const venue = await database.db
      .selectFrom('venues')
      .select(['id', 'town', 'website'])
      .where('name', '=', 'Sa Societat')
      .executeTakeFirstOrThrow();
    expect(res.body).toMatchObject({
      day: '2030-02-02',
      hour: '22:15',
      genre: 'Jazz',
      price: '9.50',
      name: 'Nuevo nombre',
      description: 'Otra descripción',
      imageUrl: null,
      venue: 'Sa Societat',
      venueId: venue.id,
    });
    expect(venue).toMatchObject({ town: 'Sóller', website: 'https://sasocietat.example' });

    const back = await agent
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({ venueId: gremi.id })
      .expect(200);
    expect(back.body).toMatchObject({ venue: 'Es Gremi', venueId: gremi.id, genre: 'Jazz' });

    const audit = await agent.get('/api/admin/audit').expect(200);
    expect(audit.body.items[0]).toMatchObject({
      actor: email,
      action: 'concert.update',
      entity: 'concert',
      entityId: String(concert.id),
      before: { venue: 'Sa Societat' },
      after: { venue: 'Es Gremi' },
    });
    expect(audit.body.items[1]).toMatchObject({
      action: 'concert.update',
      before: { day: '2030-01-01', image_url: '/uploads/abc.webp' },
      after: { day: '2030-02-02', image_url: null },
    });
  });

  it('forgets the written descriptions when a fact they name changes, and only then', async () => {
    const concert = await createConcert(database.db);
    const written = {
      description_short: 'Corta.',
      description_long: 'Larga.',
      description_short_ca: 'Curta.',
      description_long_ca: 'Llarga.',
    };
    const descriptions = () =>
      database.db
        .selectFrom('concerts')
        .select([
          'description_short',
          'description_long',
          'description_short_ca',
          'description_long_ca',
        ])
        .where('id', '=', concert.id)
        .executeTakeFirstOrThrow();
    await database.db.updateTable('concerts').set(written).where('id', '=', concert.id).execute();
    const { agent } = await admin();

    await agent
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({ imageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp' })
      .expect(200);
    expect(await descriptions()).toEqual(written);

    await agent.patch(`/api/admin/concerts/${concert.id}`).send({ hour: '23:45' }).expect(200);
    expect(await descriptions()).toEqual({
      description_short: null,
      description_long: null,
      description_short_ca: null,
      description_long_ca: null,
    });
  });

  it.each([
    [{}, 'No hay nada que cambiar.'],
    [{ day: '2030-02-30' }, 'El día debe tener el formato aaaa-mm-dd.'],
    [
      { venueId: 1, newVenue: { name: 'X', town: 'Y' } },
      'Elige una sala de la lista o añade una nueva (solo una).',
    ],
    [{ newVenue: { name: 'X' } }, 'Indica el municipio de la sala.'],
    [{ price: -3 }, 'El precio no puede ser negativo.'],
    [{ like_count: 3 }, 'Llave desconocida: "like_count"'],
  ])('refuses %j with a Spanish 400 and changes nothing', async (body, message) => {
    const concert = await createConcert(database.db);
    const { agent } = await admin();
    const res = await agent.patch(`/api/admin/concerts/${concert.id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const row = await database.db
      .selectFrom('concerts')
      .select(['day', 'price'])
      .where('id', '=', concert.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ day: '2030-01-01', price: '15.00' });
  });

  it('answers 400 for a venue not in the list and 404 for an unknown concert', async () => {
    const concert = await createConcert(database.db);
    const { agent } = await admin();
    const venue = await agent.patch(`/api/admin/concerts/${concert.id}`).send({ venueId: 99999 });
    expect(venue.status).toBe(400);
    expect(venue.body.error.message).toBe('Esa sala no está en la lista de salas.');
    const missing = await agent.patch('/api/admin/concerts/99999').send({ price: 1 });
    expect(missing.status).toBe(404);
    const bad = await agent.get('/api/admin/concerts/abc');
    expect(bad.status).toBe(400);
  });

  it('links a band of the list or by name, and unlinks it, in place', async () => {
    const concert = await createConcert(database.db);
    const band = await createBand(database.db, { band_name: 'Rata Negra' });
    const { agent } = await admin();
    await agent
      .post(`/api/admin/concerts/${concert.id}/bands`)
      .send({ bandId: band.id })
      .expect(201);
    const byName = await agent
      .post(`/api/admin/concerts/${concert.id}/bands`)
      .send({ name: 'Banda Nueva' })
      .expect(201);
    expect(byName.body.bands.map((b: { name: string }) => b.name)).toEqual([
      'Banda Nueva',
      'Rata Negra',
    ]);
    // The same name in other case links the band that exists.
    const again = await agent
      .post(`/api/admin/concerts/${concert.id}/bands`)
      .send({ name: 'rata negra' });
    expect(again.status).toBe(409);
    const none = await agent.post(`/api/admin/concerts/${concert.id}/bands`).send({});
    expect(none.status).toBe(400);
    const unlinked = await agent
      .delete(`/api/admin/concerts/${concert.id}/bands/${band.id}`)
      .expect(200);
    expect(unlinked.body.bands.map((b: { name: string }) => b.name)).toEqual(['Banda Nueva']);
    await agent.delete(`/api/admin/concerts/${concert.id}/bands/${band.id}`).expect(404);
  });

  it('duplicates a concert with its bands for another day, without likes', async () => {
    const band = await createBand(database.db);
    const fan = await createUser(database.db);
    const concert = await createConcert(database.db, {
      bandIds: [band.id],
      bandname: 'Residencia',
    });
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: fan.user_id, concert_id: concert.id, liked: true })
      .execute();
    await database.db
      .updateTable('concerts')
      .set({ like_count: 1 })
      .where('id', '=', concert.id)
      .execute();
    const { agent } = await admin();
    const res = await agent
      .post(`/api/admin/concerts/${concert.id}/duplicate`)
      .send({ day: '2030-01-08' })
      .expect(201);
    const copy = await agent.get(`/api/admin/concerts/${res.body.id}`).expect(200);
    expect(copy.body).toMatchObject({
      day: '2030-01-08',
      hour: '21:00',
      name: 'Residencia',
      likeCount: 0,
      bands: [{ id: band.id }],
    });
    const likes = await database.db
      .selectFrom('user_concert_recommendations')
      .select('concert_id')
      .where('liked', '=', true)
      .execute();
    expect(likes).toEqual([{ concert_id: concert.id }]);
  });

  it('deletes a concert with its likes and scores', async () => {
    const fan = await createUser(database.db);
    const concert = await createConcert(database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: fan.user_id, concert_id: concert.id, liked: true, score: 'high' })
      .execute();
    const { agent } = await admin();
    await agent.delete(`/api/admin/concerts/${concert.id}`).expect(200);
    await agent.get(`/api/admin/concerts/${concert.id}`).expect(404);
    const rows = await database.db.selectFrom('user_concert_recommendations').selectAll().execute();
    expect(rows).toEqual([]);
    await agent.delete(`/api/admin/concerts/${concert.id}`).expect(404);
  });
});

describe('bands', () => {
  it('lists with search and concert counts, and edits', async () => {
    const band = await createBand(database.db, { band_name: 'Ñu Estéreo' });
    await createConcert(database.db, { bandIds: [band.id] });
    await createBand(database.db, { band_name: 'Otra' });
    const { agent } = await admin();
    const list = await agent.get('/api/admin/bands?q=nu estereo').expect(200);
    expect(list.body).toMatchObject({ total: 1, items: [{ id: band.id, concertCount: 1 }] });
    const edited = await agent
      .patch(`/api/admin/bands/${band.id}`)
      .send({ name: 'Ñu Estéreo Trío', genres: ['Jazz'] })
      .expect(200);
    expect(edited.body).toMatchObject({ name: 'Ñu Estéreo Trío', genres: ['Jazz'] });
    const taken = await agent.patch(`/api/admin/bands/${band.id}`).send({ name: 'otra' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Ya existe una banda con ese nombre.');
    const bad = await agent.patch(`/api/admin/bands/${band.id}`).send({ genres: ['Ópera'] });
    expect(bad.status).toBe(400);
  });

  it('merging keeps every link, like and favourite', async () => {
    const kept = await createBand(database.db, { band_name: 'Los Planetas' });
    const dupe = await createBand(database.db, { band_name: 'Los Planetás' });
    const both = await createConcert(database.db, {
      day: '2030-05-01',
      bandIds: [kept.id, dupe.id],
    });
    const onlyDupe = await createConcert(database.db, { day: '2030-05-02', bandIds: [dupe.id] });
    const fan = await createUser(database.db, {
      top_artists: ['Mecano', 'los planetás', 'Los Planetas'],
    });
    const other = await createUser(database.db, { top_artists: ['Los Planetás'] });
    await database.db
      .insertInto('user_concert_recommendations')
      .values([
        { user_id: fan.user_id, concert_id: onlyDupe.id, liked: true },
        { user_id: other.user_id, concert_id: both.id, liked: true },
      ])
      .execute();
    const { agent } = await admin();
    const res = await agent
      .post(`/api/admin/bands/${dupe.id}/merge`)
      .send({ intoId: kept.id })
      .expect(200);
    expect(res.body).toMatchObject({ id: kept.id, concertCount: 2 });

    const links = await database.db
      .selectFrom('concert_band')
      .select(['concert_id', 'band_id'])
      .orderBy('concert_id')
      .execute();
    expect(links).toEqual([
      { concert_id: both.id, band_id: kept.id },
      { concert_id: onlyDupe.id, band_id: kept.id },
    ]);
    const likes = await database.db
      .selectFrom('user_concert_recommendations')
      .select(['user_id', 'concert_id'])
      .where('liked', '=', true)
      .orderBy('concert_id')
      .execute();
    expect(likes).toEqual([
      { user_id: other.user_id, concert_id: both.id },
      { user_id: fan.user_id, concert_id: onlyDupe.id },
    ]);
    const favourites = async (user_id: string) =>
      (await rowOf(database.db, 'users', { user_id })).top_artists;
    expect(await favourites(fan.user_id)).toEqual(['Mecano', 'Los Planetas']);
    expect(await favourites(other.user_id)).toEqual(['Los Planetas']);
    expect(await rowsOf(database.db, 'bands', { id: dupe.id })).toEqual([]);

    const self = await agent.post(`/api/admin/bands/${kept.id}/merge`).send({ intoId: kept.id });
    expect(self.status).toBe(400);
    const missing = await agent.post(`/api/admin/bands/${dupe.id}/merge`).send({ intoId: kept.id });
    expect(missing.status).toBe(404);
    const audit = await agent.get('/api/admin/audit').expect(200);
    expect(audit.body.items[0]).toMatchObject({ action: 'band.merge', entityId: String(kept.id) });
    await testApp.recommendations.idle();
  });

  it('deletes a band only when no concert uses it', async () => {
    const used = await createBand(database.db);
    const unused = await createBand(database.db);
    await createConcert(database.db, { bandIds: [used.id] });
    const { agent } = await admin();
    const refused = await agent.delete(`/api/admin/bands/${used.id}`);
    expect(refused.status).toBe(409);
    await agent.delete(`/api/admin/bands/${unused.id}`).expect(200);
    await agent.delete(`/api/admin/bands/${unused.id}`).expect(404);
  });
});

describe('venues', () => {
  it('are a managed list: add, edit (the rename reaches its concerts), delete when unused', async () => {
    const { agent } = await admin();
    const created = await agent
      .post('/api/admin/venues')
      .send({ name: 'Sala Rex', town: 'Palma', address: 'Carrer Major 1', lat: '39.57', lon: 2.65 })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'Sala Rex',
      town: 'Palma',
      address: 'Carrer Major 1',
      lat: 39.57,
      lon: 2.65,
      concertCount: 0,
    });
    const dupe = await agent.post('/api/admin/venues').send({ name: 'sala rex', town: 'Inca' });
    expect(dupe.status).toBe(409);
    const bad = await agent.post('/api/admin/venues').send({ name: 'X', town: 'Y', lat: 200 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('La latitud debe ser un número entre -90 y 90.');

    const concert = await createConcert(database.db, {
      venue: 'Sala Rex',
      venue_id: created.body.id,
    });
    await agent
      .patch(`/api/admin/venues/${created.body.id}`)
      .send({ name: 'Sala Rex Palma' })
      .expect(200);
    expect((await rowOf(database.db, 'concerts', { id: concert.id })).venue).toBe('Sala Rex Palma');

    const list = await agent.get('/api/admin/venues/managed?q=rex').expect(200);
    expect(list.body.venues).toMatchObject([{ name: 'Sala Rex Palma', concertCount: 1 }]);
    const inUse = await agent.delete(`/api/admin/venues/${created.body.id}`);
    expect(inUse.status).toBe(409);
    await database.db.deleteFrom('concerts').where('id', '=', concert.id).execute();
    await agent.delete(`/api/admin/venues/${created.body.id}`).expect(200);
    await agent.patch(`/api/admin/venues/${created.body.id}`).send({ town: 'Inca' }).expect(404);
  });

  it('edits every field, clears the optional ones, and refuses a web that is not http(s)', async () => {
    const { agent } = await admin();
    const created = await agent
      .post('/api/admin/venues')
      .send({ name: 'Sa Fàbrica', town: 'Manacor', address: '', website: '', lat: '', lon: '' })
      .expect(201);
    expect(created.body).toMatchObject({ address: null, website: null, lat: null, lon: null });
    const edited = await agent
      .patch(`/api/admin/venues/${created.body.id}`)
      .send({
        address: 'Carrer de la Fàbrica 3',
        website: 'http://safabrica.example',
        lat: '39.57',
        lon: '3.2',
      })
      .expect(200);
    expect(edited.body).toMatchObject({
      name: 'Sa Fàbrica',
      town: 'Manacor',
      address: 'Carrer de la Fàbrica 3',
      website: 'http://safabrica.example',
      lat: 39.57,
      lon: 3.2,
    });
    // Absent keys stay; blank or null clears.
    const cleared = await agent
      .patch(`/api/admin/venues/${created.body.id}`)
      .send({ website: '', lat: null, lon: ' ' })
      .expect(200);
    expect(cleared.body).toMatchObject({
      address: 'Carrer de la Fàbrica 3',
      website: null,
      lat: null,
      lon: null,
    });

    for (const [body, message] of [
      [{ website: 'ftp://safabrica.example' }, 'La web de la sala no es válida.'],
      [{ website: 'javascript:alert(1)' }, 'La web de la sala no es válida.'],
      [{ lon: '181' }, 'La longitud debe ser un número entre -180 y 180.'],
      [{ lat: 'norte' }, 'La latitud debe ser un número entre -90 y 90.'],
    ] as const) {
      const res = await agent.patch(`/api/admin/venues/${created.body.id}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const row = await database.db
      .selectFrom('venues')
      .select(['website', 'lat', 'lon'])
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ website: null, lat: null, lon: null });
  });

  it('a new venue typed in the concert form reuses the listed one whose name differs only by accents or case', async () => {
    const listed = await createVenue(database.db, {
      name: 'Sa Possessió',
      town: 'Palma',
      address: 'Camí de sa Possessió 1',
    });
    const { agent } = await admin();
    const concert = {
      day: '2030-03-03',
      hour: '21:00',
      genre: 'Rock',
      price: '12',
      bandNames: ['Grupo Prueba'],
    };
    for (const name of ['Sa Possessio', 'SA POSSESSIÓ', ' sa possessio ']) {
      const res = await agent
        .post('/api/admin/concerts')
        .send({ ...concert, newVenue: { name, town: 'Inca', address: 'Otra dirección' } })
        .expect(201);
      const row = await database.db
        .selectFrom('concerts')
        .select(['venue', 'venue_id'])
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ venue: 'Sa Possessió', venue_id: listed.id });
    }
    const venues = await database.db
      .selectFrom('venues')
      .select(['name', 'town', 'address'])
      .execute();
    expect(venues).toEqual([
      { name: 'Sa Possessió', town: 'Palma', address: 'Camí de sa Possessió 1' },
    ]);

    // A name not on the list is added with everything the form gave.
    const added = await agent
      .post('/api/admin/concerts')
      .send({
        ...concert,
        newVenue: {
          name: 'Sa Possessió Nova',
          town: 'Inca',
          address: 'Plaça Major 2',
          website: 'https://nova.example',
        },
      })
      .expect(201);
    const venue = await database.db
      .selectFrom('venues as v')
      .innerJoin('concerts as c', 'c.venue_id', 'v.id')
      .select(['v.name', 'v.town', 'v.address', 'v.website'])
      .where('c.id', '=', added.body.id)
      .executeTakeFirstOrThrow();
    expect(venue).toEqual({
      name: 'Sa Possessió Nova',
      town: 'Inca',
      address: 'Plaça Major 2',
      website: 'https://nova.example',
    });
  });
});

describe('the audit log', () => {
  it('keeps who, when, what, before and after, most recent first, paged', async () => {
    const { agent, email, userId } = await admin();
    const venue = await agent
      .post('/api/admin/venues')
      .send({ name: 'Sala A', town: 'Palma' })
      .expect(201);
    await agent.patch(`/api/admin/venues/${venue.body.id}`).send({ town: 'Inca' }).expect(200);
    const res = await agent.get('/api/admin/audit').expect(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    const [latest, first] = res.body.items;
    expect(latest).toMatchObject({
      actor: email,
      action: 'venue.update',
      entity: 'venue',
      before: { town: 'Palma' },
      after: { town: 'Inca' },
    });
    expect(first).toMatchObject({
      action: 'venue.create',
      before: null,
      after: { name: 'Sala A' },
    });
    expect(Date.parse(latest.at)).toBeGreaterThanOrEqual(Date.parse(first.at));
    const row = await database.db
      .selectFrom('admin_audit')
      .select('actor_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.actor_id).toBe(userId);
    expect((await agent.get('/api/admin/audit?page=x')).status).toBe(400);
  });
});

describe('audited writes', () => {
  const entries = async () =>
    database.db
      .selectFrom('admin_audit')
      .select(['action', 'entity', 'entity_id', 'before', 'after'])
      .orderBy('id')
      .execute();

  it('log a creation with no before, a copy with its source, a removal with no after', async () => {
    const { agent } = await admin();
    const venue = await createVenue(database.db);
    const created = await agent
      .post('/api/admin/concerts')
      .send({ day: '2030-01-01', hour: '21:00', venueId: venue.id, genre: 'Rock', price: '10' })
      .expect(201);
    const copy = await agent
      .post(`/api/admin/concerts/${created.body.id}/duplicate`)
      .send({ day: '2030-02-01' })
      .expect(201);
    await agent.delete(`/api/admin/concerts/${copy.body.id}`).expect(200);
    const [create, duplicate, removal] = await entries();
    expect(create).toMatchObject({
      action: 'concert.create',
      entity: 'concert',
      entity_id: String(created.body.id),
      before: null,
      after: { id: created.body.id, day: '2030-01-01', venue_id: venue.id },
    });
    expect(duplicate).toMatchObject({
      action: 'concert.duplicate',
      entity_id: String(copy.body.id),
      before: { sourceId: created.body.id },
      after: { id: copy.body.id, day: '2030-02-01' },
    });
    expect(removal).toMatchObject({
      action: 'concert.delete',
      entity_id: String(copy.body.id),
      before: { id: copy.body.id },
      after: null,
    });
  });

  it('log nothing when there was nothing to do or the write was refused', async () => {
    const { agent } = await admin();
    const venue = await createVenue(database.db);
    const band = await createBand(database.db);
    const concert = await createConcert(database.db, { venue_id: venue.id, bandIds: [band.id] });
    await agent.post(`/api/admin/concerts/${concert.id}/cancel`).expect(200);
    await agent.post(`/api/admin/concerts/${concert.id}/cancel`).expect(200);
    await agent
      .post(`/api/admin/concerts/${concert.id}/bands`)
      .send({ bandId: band.id })
      .expect(409);
    await agent.patch('/api/admin/concerts/999999').send({ price: '1' }).expect(404);
    await agent.delete(`/api/admin/bands/${band.id}`).expect(409);
    await agent.delete(`/api/admin/venues/${venue.id}`).expect(409);
    expect((await entries()).map((entry) => entry.action)).toEqual(['concert.cancel']);
  });

  it('log only the bands when a concert gains or loses one', async () => {
    const { agent } = await admin();
    const venue = await createVenue(database.db);
    const band = await createBand(database.db, { band_name: 'Los Uno' });
    const concert = await createConcert(database.db, { venue_id: venue.id });
    await agent
      .post(`/api/admin/concerts/${concert.id}/bands`)
      .send({ bandId: band.id })
      .expect(201);
    await agent.delete(`/api/admin/concerts/${concert.id}/bands/${band.id}`).expect(200);
    const linked = [{ id: band.id, name: 'Los Uno' }];
    expect(await entries()).toEqual([
      {
        action: 'concert.link_band',
        entity: 'concert',
        entity_id: String(concert.id),
        before: { bands: [] },
        after: { bands: linked },
      },
      {
        action: 'concert.unlink_band',
        entity: 'concert',
        entity_id: String(concert.id),
        before: { bands: linked },
        after: { bands: [] },
      },
    ]);
  });
});
