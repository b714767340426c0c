// /api/admin/sources as the admin's screens use it: the list, add (400 for bad input, 409 for an
// address already there), change, pause, delete, and 404 for unknown ids; the overview's counts.
// (401 and 403 on every route: admin-manage.test.ts, through ADMIN_ROUTES.)
import { movableClock, useTestApp } from './helpers/app.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { useForFile } from './helpers/lifecycle.js';
import { CALENDAR, startSourcePeer, venueFeed } from './helpers/source-peer.js';
import {
  addSource,
  FIXTURE_NOW,
  fixtureVenues,
  runNow,
  signedInAdmin,
  SOURCE_TABLES,
  type Agent,
} from './helpers/sources.js';

const database = useTestDatabase({ cleared: [...SOURCE_TABLES] });
const clock = movableClock(FIXTURE_NOW);
const testApp = useTestApp(() => ({
  database,
  clock: clock.clock,
  env: { IMPORT_ALLOW_PRIVATE_NETWORKS: 'true' },
}));
const peer = useForFile('A venue’s web server', startSourcePeer, (made) => made.close());

let admin: Agent;
let venues: Awaited<ReturnType<typeof fixtureVenues>>;

beforeEach(async () => {
  venues = await fixtureVenues(database.db);
  admin = await signedInAdmin(testApp.app, database.db);
  peer.serve('/calendar.ics', { body: venueFeed(), type: CALENDAR });
});

describe('adding a source', () => {
  it('answers 201 with the source as the list shows it', async () => {
    const created = await admin
      .post('/api/admin/sources')
      .send({
        url: peer.url('/calendar.ics'),
        name: '  Es Gremi  ',
        genre: 'Rock',
        venueId: venues.esGremi.id,
      })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      url: peer.url('/calendar.ics'),
      kind: 'feed',
      followState: null,
      name: 'Es Gremi',
      review: true,
      genre: 'Rock',
      venueId: venues.esGremi.id,
      venueName: 'Es Gremi',
      paused: false,
      pausedReason: null,
      consecutiveFailures: 0,
      nextRunAt: FIXTURE_NOW.replace('Z', '.000Z'),
      lastRun: null,
      waiting: 0,
      missing: 0,
    });
    const list = await admin.get('/api/admin/sources').expect(200);
    expect(list.body.items).toEqual([created.body]);
  });

  it.each([
    [{ name: 'Sin dirección' }, 'Indica la dirección de la fuente.'],
    [
      { url: 'ftp://example.com/x.ics', name: 'FTP' },
      'La dirección de la fuente debe empezar por http:// o https://, o ser una cuenta del fediverso (@agenda@servidor.org).',
    ],
    [
      { url: `http://example.com/${'a'.repeat(2000)}`, name: 'Larga' },
      'La dirección de la fuente es demasiado larga.',
    ],
    [{ url: 'http://example.com/x.ics' }, 'Indica el nombre de la fuente.'],
    [
      { url: 'http://example.com/x.ics', name: 'x'.repeat(121) },
      'El nombre de la fuente es demasiado largo.',
    ],
    [
      { url: 'http://example.com/x.ics', name: 'X', review: 'sí' },
      'Indica si se revisa antes de publicar (true o false).',
    ],
    [{ url: 'http://example.com/x.ics', name: 'X', genre: 'Polka' }, 'Género desconocido.'],
    [{ url: 'http://example.com/x.ics', name: 'X', token: 1 }, 'Llave desconocida: "token"'],
  ])('refuses %j with a 400 in Spanish', async (body, message) => {
    const answer = await admin.post('/api/admin/sources').send(body).expect(400);
    expect(answer.body.error.message).toBe(message);
    expect(await rowsOf(database.db, 'sources', {})).toEqual([]);
  });

  it('refuses a venue not on the list (400) and an address already added (409)', async () => {
    const url = peer.url('/calendar.ics');
    const venue = await admin
      .post('/api/admin/sources')
      .send({ url, name: 'X', venueId: 999999 })
      .expect(400);
    expect(venue.body.error.message).toMatch(/sala/i);
    await addSource(admin, { url, name: 'Es Gremi' });
    const twice = await admin.post('/api/admin/sources').send({ url, name: 'Otra' }).expect(409);
    expect(twice.body.error.message).toBe('Esa dirección ya es una fuente.');
  });

  it('refuses an address whose host does not resolve', async () => {
    const answer = await admin
      .post('/api/admin/sources')
      .send({ url: 'http://no-existe.invalid/feed.ics', name: 'Nada' })
      .expect(400);
    expect(answer.body.error.message).toBe('No se encuentra el servidor de esa dirección (DNS).');
  });
});

describe('changing a source', () => {
  it('changes its fields, pauses it by hand and deletes it, its concerts staying', async () => {
    const { id } = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
    await runNow(admin, id);
    const changed = await admin
      .patch(`/api/admin/sources/${id}`)
      .send({ name: 'Es Gremi (Palma)', review: true, genre: 'Jazz', venueId: venues.esGremi.id })
      .expect(200);
    expect(changed.body).toMatchObject({
      name: 'Es Gremi (Palma)',
      review: true,
      genre: 'Jazz',
      venueId: venues.esGremi.id,
      waiting: 2,
      lastRun: { trigger: 'admin', found: 10, waiting: 2, error: null },
    });
    const paused = await admin.patch(`/api/admin/sources/${id}`).send({ paused: true }).expect(200);
    expect(paused.body).toMatchObject({
      paused: true,
      pausedReason: 'En pausa por decisión de un administrador.',
      nextRunAt: null,
    });
    const concerts = (await rowsOf(database.db, 'concerts', {})).length;
    expect(concerts).toBe(6);
    const deleted = await admin.delete(`/api/admin/sources/${id}`).expect(200);
    expect(deleted.body.message).toBe('Fuente borrada. Sus conciertos importados se quedan.');
    expect((await rowsOf(database.db, 'concerts', {})).length).toBe(concerts);
    expect(await rowsOf(database.db, 'imported_events', {})).toEqual([]);
  });

  it('400 for bad input, 404 for unknown ids', async () => {
    const { id } = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
    const empty = await admin.patch(`/api/admin/sources/${id}`).send({}).expect(400);
    expect(empty.body.error.message).toBe('No hay nada que cambiar.');
    await admin.patch(`/api/admin/sources/${id}`).send({ paused: 'yes' }).expect(400);
    await admin.patch('/api/admin/sources/abc').send({ name: 'X' }).expect(400);
    const missing = await admin.patch('/api/admin/sources/999999').send({ name: 'X' }).expect(404);
    expect(missing.body.error.message).toBe('La fuente no existe.');
    await admin.delete('/api/admin/sources/999999').expect(404);
    await admin.post('/api/admin/sources/999999/run').expect(404);
    const event = await admin
      .post('/api/admin/sources/waiting/999999/approve')
      .send({})
      .expect(404);
    expect(event.body.error.message).toBe('El evento no existe o ya se revisó.');
    await admin.post('/api/admin/sources/waiting/999999/reject').expect(404);
    await admin.post('/api/admin/sources/waiting/1/approve').send({ hour: '25:00' }).expect(400);
    await admin.get('/api/admin/sources/waiting?page=0').expect(400);
  });

  it('a second run while one goes on is a 409', async () => {
    peer.serve('/slow.ics', { body: venueFeed(), type: CALENDAR, delayMs: 500 });
    const { id } = await addSource(admin, { url: peer.url('/slow.ics'), name: 'Lenta' });
    // .then sends it now (supertest waits for an await otherwise).
    const first = admin.post(`/api/admin/sources/${id}/run`).then((answer) => answer);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = await admin.post(`/api/admin/sources/${id}/run`).expect(409);
    expect(second.body.error.message).toBe(
      'Esta fuente ya se está importando; espera a que termine.',
    );
    expect((await first).status).toBe(200);
  });
});

describe('the overview', () => {
  it('counts the events waiting for review and the failing and paused sources', async () => {
    const { id } = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
    await runNow(admin, id);
    peer.serve('/down.ics', { status: 500, body: 'x' });
    const down = await addSource(admin, { url: peer.url('/down.ics'), name: 'Caída' });
    await runNow(admin, down.id);
    const stopped = await addSource(admin, { url: peer.url('/stop.ics'), name: 'Parada' });
    await admin.patch(`/api/admin/sources/${stopped.id}`).send({ paused: true }).expect(200);
    const overview = await admin.get('/api/admin/overview').expect(200);
    expect(overview.body.sources).toEqual({ waiting: 2, failing: 1, paused: 1 });
  });
});
