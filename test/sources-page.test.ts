// A ticket seller's page (schema.org MusicEvents in JSON-LD) imported over the admin's API from a
// real HTTP server on loopback: prices, free entry, ticket links and bands; and identity: one
// concert from two sources, a hand-made concert joined, an unknown venue approved by an admin.
import { movableClock, useTestApp } from './helpers/app.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { createBand, createConcert } from './helpers/factories.js';
import { useForFile } from './helpers/lifecycle.js';
import { CALENDAR, HTML, startSourcePeer, ticketPage, venueFeed } from './helpers/source-peer.js';
import {
  addSource,
  concertsNow,
  countsOf,
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
const peer = useForFile('The seller’s web server', startSourcePeer, (made) => made.close());

let admin: Agent;
let venues: Awaited<ReturnType<typeof fixtureVenues>>;

const bandsOf = async (concertId: number) =>
  (
    await database.db
      .selectFrom('concert_band as cb')
      .innerJoin('bands as b', 'b.id', 'cb.band_id')
      .select('b.band_name')
      .where('cb.concert_id', '=', concertId)
      .orderBy('b.band_name')
      .execute()
  ).map((row) => row.band_name);

beforeEach(async () => {
  venues = await fixtureVenues(database.db);
  admin = await signedInAdmin(testApp.app, database.db);
  peer.serve('/conciertos', { body: ticketPage(), type: HTML });
  peer.serve('/calendar.ics', { body: venueFeed(), type: CALENDAR });
  // Bands of ours already: their genres give the concerts theirs.
  await createBand(database.db, { band_name: 'Los Planetas', band_genres: ['Indie'] });
  await createBand(database.db, { band_name: 'Maria Jaume', band_genres: ['Folk'] });
});

const addPage = () =>
  addSource(admin, { url: peer.url('/conciertos'), name: 'Entradas Illa' }).then(({ id }) => id);

describe('a ticket seller’s page', () => {
  it('publishes its events with prices, free entry, ticket links, pictures and bands', async () => {
    const run = await runNow(admin, await addPage());
    expect(countsOf(run)).toEqual({
      found: 4,
      created: 3,
      updated: 0,
      unchanged: 0,
      waiting: 0,
      skipped: 1,
    });
    expect(run.skippedReasons).toEqual([
      { reason: 'cancelled', count: 1, examples: ['Concierto suspendido'] },
    ]);
    const concerts = await concertsNow(database.db);
    expect(
      concerts.map((c) => [c.day, c.hour, c.venue, c.genre, c.price, c.bandname, c.ticket_url]),
    ).toEqual([
      [
        '2030-10-12',
        '21:30',
        'Es Gremi',
        'Indie',
        '22.00',
        'Los Planetas',
        'https://entradas-illa.example/comprar/los-planetas-palma',
      ],
      [
        '2030-10-19',
        '21:00',
        'Teatre Principal de Palma',
        'Folk',
        '15.00',
        'Maria Jaume + Pau Vallvé',
        'https://entradas-illa.example/comprar/maria-jaume-principal',
      ],
      // isAccessibleForFree: a known price of 0; its genre from the event's own.
      ['2030-11-22', '23:00', 'Es Gremi', 'Techno', '0.00', 'DJ Tomeu: sessió de tardor', null],
    ]);
    expect(await bandsOf(concerts[1]!.id)).toEqual(['Maria Jaume', 'Pau Vallvé']);
    expect(await bandsOf(concerts[2]!.id)).toEqual(['DJ Tomeu']);
    const page = await admin.get(`/api/concerts/${concerts[0]!.id}`).expect(200);
    expect(page.body).toMatchObject({
      ticketUrl: 'https://entradas-illa.example/comprar/los-planetas-palma',
      sourceUrl: 'https://entradas-illa.example/eventos/los-planetas-palma',
      imageUrl: 'https://entradas-illa.example/img/los-planetas.jpg',
      description: 'Los Planetas vuelven a Es Gremi & presentan disco.',
      price: '22.00',
    });
    const agenda = await admin.get('/api/concerts').expect(200);
    expect(agenda.body.concerts[0]).toMatchObject({
      ticketUrl: 'https://entradas-illa.example/comprar/los-planetas-palma',
      sourceUrl: 'https://entradas-illa.example/eventos/los-planetas-palma',
    });
  });

  it('two sources announcing one concert make one concert', async () => {
    const feed = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
    await runNow(admin, feed.id);
    // The feed says no price: Los Planetas is published with its price unknown.
    const fromFeed = (await concertsNow(database.db)).find((c) => c.day === '2030-10-12')!;
    expect(fromFeed.price).toBeNull();
    const run = await runNow(admin, await addPage());
    expect(countsOf(run)).toMatchObject({ created: 2, updated: 1 });
    const planetas = (await concertsNow(database.db)).filter((c) => c.day === '2030-10-12');
    // Joined: what it lacked (the price, the ticket link) filled in from the page.
    expect(planetas).toEqual([
      expect.objectContaining({
        id: fromFeed.id,
        price: '22.00',
        ticket_url: 'https://entradas-illa.example/comprar/los-planetas-palma',
        source_url: 'https://esgremi.example/agenda/los-planetas',
      }),
    ]);
    expect(await bandsOf(fromFeed.id)).toEqual(['Los Planetas']);
    // Both runs again: still one.
    await runNow(admin, feed.id);
    await runNow(admin, (await rowsOf(database.db, 'sources', { name: 'Entradas Illa' }))[0]!.id);
    expect((await concertsNow(database.db)).filter((c) => c.day === '2030-10-12')).toHaveLength(1);
  });

  it('the same concert read by a feed after a page joins the page’s concert', async () => {
    await runNow(admin, await addPage());
    const fromPage = (await concertsNow(database.db)).find((c) => c.day === '2030-10-12')!;
    const feed = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
    const run = await runNow(admin, feed.id);
    // Los Planetas is the page's concert (joined, its price kept); the rest of the feed is new.
    expect(countsOf(run)).toMatchObject({ created: 5, updated: 1, waiting: 2, skipped: 2 });
    expect((await concertsNow(database.db)).filter((c) => c.day === '2030-10-12')).toEqual([
      expect.objectContaining({ id: fromPage.id, price: '22.00' }),
    ]);
  });

  it('an event waiting for review joins the concert another source published meanwhile', async () => {
    const feed = await addSource(admin, { url: peer.url('/calendar.ics'), name: 'Es Gremi' });
    await admin.patch(`/api/admin/sources/${feed.id}`).send({ review: true }).expect(200);
    expect(countsOf(await runNow(admin, feed.id))).toMatchObject({ created: 0, waiting: 8 });
    await runNow(admin, await addPage());
    expect(countsOf(await runNow(admin, feed.id))).toMatchObject({ updated: 1, waiting: 7 });
    expect((await concertsNow(database.db)).filter((c) => c.day === '2030-10-12')).toHaveLength(1);
    const waiting = (await admin.get('/api/admin/sources/waiting').expect(200)).body.items as {
      event: { name: string };
    }[];
    expect(waiting.map((item) => item.event.name)).not.toContain('Los Planetas');
  });

  it('with review on, new events wait; an approval publishes one', async () => {
    const sourceId = await addPage();
    await admin.patch(`/api/admin/sources/${sourceId}`).send({ review: true }).expect(200);
    expect(countsOf(await runNow(admin, sourceId))).toEqual({
      found: 4,
      created: 0,
      updated: 0,
      unchanged: 0,
      waiting: 3,
      skipped: 1,
    });
    expect(await concertsNow(database.db)).toEqual([]);
    const waiting = await admin.get('/api/admin/sources/waiting').expect(200);
    expect(waiting.body.total).toBe(3);
    const item = waiting.body.items.find(
      (event: { event: { name: string } }) => event.event.name === 'Los Planetas',
    );
    expect(item).toMatchObject({
      reason: 'review',
      genre: 'Indie',
      sourceName: 'Entradas Illa',
      venue: { id: venues.esGremi.id, name: 'Es Gremi' },
      bands: [expect.objectContaining({ name: 'Los Planetas' })],
    });
    const approved = await admin
      .post(`/api/admin/sources/waiting/${item.id}/approve`)
      .send({})
      .expect(200);
    expect(approved.body.message).toBe(`Concierto publicado con ID: ${approved.body.concertId}`);
    expect(await concertsNow(database.db)).toEqual([
      expect.objectContaining({ id: approved.body.concertId, price: '22.00', hour: '21:30' }),
    ]);
    // Published: the next run keeps it (unchanged), the others still wait.
    expect(countsOf(await runNow(admin, sourceId))).toMatchObject({
      created: 0,
      unchanged: 1,
      waiting: 2,
    });
  });

  it('an existing hand-made concert is joined, not made again', async () => {
    const maria = await database.db
      .selectFrom('bands')
      .select('id')
      .where('band_name', '=', 'Maria Jaume')
      .executeTakeFirstOrThrow();
    const handMade = await createConcert(database.db, {
      day: '2030-10-19',
      hour: '21:30',
      venue: 'Teatre Principal de Palma',
      venue_id: venues.principal.id,
      genre: 'Folk',
      price: '18.00',
      bandname: null,
      bandIds: [maria.id],
    });
    const run = await runNow(admin, await addPage());
    expect(countsOf(run)).toMatchObject({ created: 2, updated: 1 });
    const atPrincipal = (await concertsNow(database.db)).filter((c) => c.day === '2030-10-19');
    // The admin's hour and price stay; the ticket link it lacked comes from the page.
    expect(atPrincipal).toEqual([
      expect.objectContaining({
        id: handMade.id,
        hour: '21:30',
        price: '18.00',
        ticket_url: 'https://entradas-illa.example/comprar/maria-jaume-principal',
      }),
    ]);
  });

  it('an unknown venue waits; approved with a venue it is published, and the venue learns its name', async () => {
    await database.db.deleteFrom('venues').where('id', '=', venues.principal.id).execute();
    const sourceId = await addPage();
    expect(countsOf(await runNow(admin, sourceId))).toMatchObject({ created: 2, waiting: 1 });
    const waiting = (await admin.get('/api/admin/sources/waiting').expect(200)).body.items;
    expect(waiting).toEqual([
      expect.objectContaining({
        reason: 'unknown-venue',
        venue: null,
        genre: 'Folk',
        bands: [expect.objectContaining({ name: 'Maria Jaume' })],
        event: expect.objectContaining({
          venue: {
            name: 'Teatre Principal de Palma',
            address: 'Carrer de la Riera 2A, 07003 Palma',
          },
        }),
      }),
    ]);
    // Not without a venue.
    const refused = await admin
      .post(`/api/admin/sources/waiting/${waiting[0].id}/approve`)
      .send({})
      .expect(400);
    expect(refused.body.error.message).toBe(
      'No se reconoce la sala del evento: elige una sala de la lista o añade una nueva.',
    );
    const approved = await admin
      .post(`/api/admin/sources/waiting/${waiting[0].id}/approve`)
      .send({ newVenue: { name: 'Teatre Principal', town: 'Palma' } })
      .expect(200);
    const [concert] = await rowsOf(database.db, 'concerts', { id: approved.body.concertId });
    expect([concert!.venue, concert!.genre, concert!.price]).toEqual([
      'Teatre Principal',
      'Folk',
      '15.00',
    ]);
    const [venue] = await rowsOf(database.db, 'venues', { name: 'Teatre Principal' });
    expect(venue!.aliases).toEqual(['Teatre Principal de Palma']);
    // The next run finds it published; the approval came from the admin (audit).
    expect(countsOf(await runNow(admin, sourceId))).toMatchObject({ unchanged: 3, waiting: 0 });
    const [entry] = await rowsOf(database.db, 'admin_audit', { entity_id: String(concert!.id) });
    expect(entry!.actor).toMatch(/@example\.com$/);
  });

  it('a rejected event is never imported again', async () => {
    const sourceId = await addPage();
    await admin.patch(`/api/admin/sources/${sourceId}`).send({ review: true }).expect(200);
    await runNow(admin, sourceId);
    const waiting = (await admin.get('/api/admin/sources/waiting').expect(200)).body.items;
    expect(waiting).toHaveLength(3);
    await admin.post(`/api/admin/sources/waiting/${waiting[0].id}/reject`).expect(200);
    const run = await runNow(admin, sourceId);
    expect(countsOf(run)).toEqual({
      found: 4,
      created: 0,
      updated: 0,
      unchanged: 0,
      waiting: 2,
      skipped: 2,
    });
    expect(run.skippedReasons.map((reason) => reason.reason).sort()).toEqual([
      'cancelled',
      'rejected',
    ]);
  });
});
