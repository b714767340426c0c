// A venue's calendar feed (iCalendar as Google Calendar publishes it) imported end to end over the
// admin's API, from a real HTTP server on loopback: local hours and venues, what waits and what is
// skipped, a second run that adds nothing (and a 304), changes and cancellations at the source
// reaching the fans who liked a concert once, a vanished event flagged, and an admin's own edit
// of a field kept. A feed says no price: its events wait until an admin gives one (a price is
// never made up, and an unknown one is not free), then follow the feed.
import { movableClock, useTestApp } from './helpers/app.js';
import { rowsOf, useTestDatabase } from './helpers/db.js';
import { createUser } from './helpers/factories.js';
import { useForFile } from './helpers/lifecycle.js';
import { CALENDAR, startSourcePeer, venueFeed } from './helpers/source-peer.js';
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
  env: { IMPORT_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_URL: 'http://localhost:3000' },
}));
const peer = useForFile('The venue’s web server', startSourcePeer, (made) => made.close());

let admin: Agent;
let sourceId: number;

const serveFeed = (body = venueFeed(), etag?: string) =>
  peer.serve('/calendar.ics', { body, type: CALENDAR, etag });

/** The feed with one text changed, which must be there. */
function feedWith(from: string, to: string, feed = venueFeed()) {
  if (!feed.includes(from)) throw new Error(`not in the feed: ${from}`);
  return feed.replace(from, to);
}

const planetas = async () =>
  (await concertsNow(database.db)).find((concert) => concert.bandname === 'Los Planetas')!;

beforeEach(async () => {
  peer.requests.length = 0;
  await fixtureVenues(database.db);
  admin = await signedInAdmin(testApp.app, database.db);
  serveFeed();
  ({ id: sourceId } = await addSource(admin, {
    url: peer.url('/calendar.ics'),
    name: 'Es Gremi',
  }));
});

describe('a venue’s calendar feed', () => {
  it('reads its events at their Madrid hours and places; those without a price are published with it unknown', async () => {
    const run = await runNow(admin, sourceId);
    expect(countsOf(run)).toEqual({
      found: 10,
      created: 6,
      updated: 0,
      unchanged: 0,
      waiting: 2,
      skipped: 2,
    });
    expect(run.skippedReasons).toEqual([
      { reason: 'cancelled', count: 1, examples: ['Concierto cancelado'] },
      { reason: 'past', count: 1, examples: ['Concierto pasado'] },
    ]);
    expect(run.error).toBeNull();
    const waiting = await admin.get('/api/admin/sources/waiting').expect(200);
    type Waiting = {
      reason: string;
      venue: { name: string } | null;
      genre: string | null;
      event: { day: string; hour: string | null };
    };
    expect(
      (waiting.body.items as Waiting[]).map((item) => [
        item.reason,
        item.event.day,
        item.event.hour,
        item.venue?.name ?? null,
        item.genre,
      ]),
    ).toEqual([
      ['no-hour', '2030-11-08', null, 'Es Gremi', 'Rock'],
      ['unknown-venue', '2030-11-15', '22:00', null, 'Rock'],
    ]);
    const concerts = await concertsNow(database.db);
    expect(
      concerts.map((c) => [c.day, c.hour, c.venue, c.genre, c.price, c.bandname, c.source_url]),
    ).toEqual([
      ['2030-10-03', '20:00', 'Es Gremi', 'Jazz', null, 'Jam session de jazz', null],
      ['2030-10-10', '20:00', 'Es Gremi', 'Jazz', null, 'Jam session de jazz', null],
      [
        '2030-10-12',
        '21:30',
        'Es Gremi',
        'Indie',
        null,
        'Los Planetas',
        'https://esgremi.example/agenda/los-planetas',
      ],
      ['2030-10-24', '20:00', 'Es Gremi', 'Jazz', null, 'Jam session de jazz', null],
      [
        '2030-11-01',
        '21:00',
        'Auditori Sa Màniga',
        'Jazz',
        null,
        'Orquestra Simfònica de Balears: nit de boleros',
        null,
      ],
      ['2030-11-05', '22:00', 'Jazz Voyeur Club', 'Blues', null, 'Sessió de blues', null],
    ]);
    // Polite: our User-Agent, one request.
    expect(peer.requests.map((r) => r.headers['user-agent'])).toEqual([
      'ConciertosMallorca/1.0 (+http://localhost:3000)',
    ]);
  });

  it('a second run adds nothing, and with an ETag the source answers 304', async () => {
    await runNow(admin, sourceId);
    const before = await concertsNow(database.db);
    expect(countsOf(await runNow(admin, sourceId))).toEqual({
      found: 10,
      created: 0,
      updated: 0,
      unchanged: 6,
      waiting: 2,
      skipped: 2,
    });
    expect(await concertsNow(database.db)).toEqual(before);

    serveFeed(venueFeed(), '"v1"');
    await runNow(admin, sourceId);
    const notModified = await runNow(admin, sourceId);
    expect(countsOf(notModified)).toEqual({
      found: 8,
      created: 0,
      updated: 0,
      unchanged: 8,
      waiting: 0,
      skipped: 0,
    });
    expect(peer.requests.at(-1)!.headers['if-none-match']).toBe('"v1"');
    const list = await admin.get('/api/admin/sources').expect(200);
    expect(list.body.items[0].lastRun).toMatchObject({ notModified: true, error: null });
    expect(await concertsNow(database.db)).toEqual(before);
  });

  it('a new hour at the source changes ours and tells each fan who liked it, once', async () => {
    await runNow(admin, sourceId);
    const concert = await planetas();
    const fan = await createUser(database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: fan.user_id, concert_id: concert.id, liked: true })
      .execute();
    serveFeed(
      feedWith(
        'DTSTART;TZID=Europe/Madrid:20301012T213000',
        'DTSTART;TZID=Europe/Madrid:20301012T223000',
      ),
    );
    expect(countsOf(await runNow(admin, sourceId))).toMatchObject({ updated: 1, unchanged: 5 });
    expect((await planetas()).hour).toBe('22:30');
    expect(countsOf(await runNow(admin, sourceId))).toMatchObject({ updated: 0, unchanged: 6 });
    const notices = await rowsOf(database.db, 'mail_deliveries', {
      kind: 'concert_change',
      user_id: fan.user_id,
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.payload).toMatchObject({
      concertId: concert.id,
      cancelled: false,
      lines: [{ before: '21:30', after: '22:30' }],
    });
    const [entry] = await rowsOf(database.db, 'admin_audit', { action: 'concert.update' });
    expect(entry!.actor).toBe('Importación: Es Gremi');
  });

  it('a cancellation at the source cancels ours', async () => {
    await runNow(admin, sourceId);
    const fan = await createUser(database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: fan.user_id, concert_id: (await planetas()).id, liked: true })
      .execute();
    serveFeed(feedWith('STATUS:CONFIRMED\r\nTRANSP', 'STATUS:CANCELLED\r\nTRANSP'));
    expect(countsOf(await runNow(admin, sourceId))).toMatchObject({ updated: 1, unchanged: 5 });
    expect((await planetas()).cancelled_at).not.toBeNull();
    const notices = await rowsOf(database.db, 'mail_deliveries', { kind: 'concert_change' });
    expect(notices.map((notice) => notice.payload)).toMatchObject([{ cancelled: true }]);
    const [entry] = await rowsOf(database.db, 'admin_audit', { action: 'concert.cancel' });
    expect(entry!.actor).toBe('Importación: Es Gremi');
  });

  it('an event gone from the source is flagged, not deleted, and clears when it is back', async () => {
    await runNow(admin, sourceId);
    const feed = venueFeed();
    const start = feed.indexOf('BEGIN:VEVENT\r\nDTSTART:20301101T200000Z');
    const end = feed.indexOf('END:VEVENT', start) + 'END:VEVENT\r\n'.length;
    serveFeed(feed.slice(0, start) + feed.slice(end));
    expect(countsOf(await runNow(admin, sourceId))).toMatchObject({ found: 9, unchanged: 5 });
    expect(await concertsNow(database.db)).toHaveLength(6);
    const missing = await admin.get('/api/admin/sources/missing').expect(200);
    expect(
      missing.body.items.map((item: { name: string; venue: string }) => [item.name, item.venue]),
    ).toEqual([['Orquestra Simfònica de Balears: nit de boleros', 'Auditori Sa Màniga']]);
    let list = await admin.get('/api/admin/sources').expect(200);
    expect(list.body.items[0].missing).toBe(1);

    serveFeed();
    await runNow(admin, sourceId);
    list = await admin.get('/api/admin/sources').expect(200);
    expect(list.body.items[0].missing).toBe(0);
    expect((await admin.get('/api/admin/sources/missing').expect(200)).body.items).toEqual([]);
  });

  it('an admin’s own edit of a field survives later imports; other fields still follow', async () => {
    await runNow(admin, sourceId);
    const concert = await planetas();
    await admin
      .patch(`/api/admin/concerts/${concert.id}`)
      .send({ name: 'Los Planetas (entradas agotadas)' })
      .expect(200);
    let feed = feedWith('SUMMARY:Los Planetas', 'SUMMARY:Los Planetas en directo');
    feed = feedWith(
      'DTSTART;TZID=Europe/Madrid:20301012T213000',
      'DTSTART;TZID=Europe/Madrid:20301012T220000',
      feed,
    );
    serveFeed(feed);
    await runNow(admin, sourceId);
    const [after] = await rowsOf(database.db, 'concerts', { id: concert.id });
    expect([after!.bandname, after!.hour.slice(0, 5)]).toEqual([
      'Los Planetas (entradas agotadas)',
      '22:00',
    ]);
  });
});
