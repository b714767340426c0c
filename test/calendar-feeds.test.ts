// Calendar files and feeds over HTTP: one concert's .ics, the public ICS and RSS feeds (all and per
// genre), the fan's private feed (right, wrong, revoked and regenerated token, extreme matches on
// request), conditional requests (304), nothing private in public feeds, no token in the logs.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { Kysely, PostgresDialect, type Updateable } from 'kysely';
import ICAL from 'ical.js';
import { pino } from 'pino';
import request from 'supertest';
import type { CalendarFeedDto, CalendarFeedLinkDto } from '../common/calendar/types.js';
import { FEED_LIMIT } from '../server/calendar/feeds.routes.js';
import type { DB } from '../server/db/schema.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { signedInAgent, TEST_PASSWORD } from './helpers/session.js';
import { startXmlParser, type XmlParser } from './helpers/xml-parser.js';

const database = useTestDatabase({
  cleared: [
    'feed_versions',
    'calendar_feeds',
    'concerts',
    'bands',
    'venues',
    'users',
    'rate_limits',
  ],
});

// http: under an https PUBLIC_URL the session cookie is Secure, which supertest's jar never sends.
const PUBLIC_URL = 'http://conciertos.example';
let now = new Date('2030-03-01T10:00:00Z');
const clock = () => new Date(now);

let app: Express;
let xml: XmlParser;
beforeAll(async () => {
  xml = await startXmlParser();
});
afterAll(() => xml?.close());
beforeEach(() => {
  now = new Date('2030-03-01T10:00:00Z');
  app = createTestApp({ database, clock, env: { PUBLIC_URL } }).app;
});

/** Parses an ICS body with ical.js (a real iCalendar parser) into its events. */
function eventsOf(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return root.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

// supertest buffers text/* bodies as text; the others (RSS) it leaves as a Buffer.
const text = (res: request.Response) =>
  typeof res.text === 'string' && res.text !== '' ? res.text : String(res.body);
const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => done(null, body));
  });

/**
 * The app on a database that records its statements: the feeds' own, and apart the address's
 * rate-limit counter (one per request).
 */
function countingApp() {
  const statements: string[] = [];
  const limits: string[] = [];
  const counted = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: (event) => {
      if (event.level !== 'query') return;
      const { sql } = event.query;
      (sql.includes('rate_limits') ? limits : statements).push(sql);
    },
  });
  const { app } = createTestApp({
    database: { db: counted, pool: database.pool },
    clock,
    env: { PUBLIC_URL },
  });
  return { app, statements, limits };
}

async function venue() {
  return database.db
    .insertInto('venues')
    .values({
      name: 'Es Gremi',
      town: 'Palma',
      address: 'Carrer del Gremi de Porgadors 16',
      lat: 39.5799,
      lon: 2.6549,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Two bands on the day DST starts, a Jazz night, and one that ended weeks ago. */
async function agenda() {
  const { id: venueId } = await venue();
  const fosca = await createBand(database.db, { band_name: 'Sa Fosca' });
  const tramuntana = await createBand(database.db, { band_name: 'Tramuntana; Ràdio, Club' });
  const rock = await createConcert(database.db, {
    day: '2030-03-31',
    hour: '21:00',
    venue: 'Es Gremi',
    venue_id: venueId,
    genre: 'Rock',
    bandIds: [fosca.id, tramuntana.id],
  });
  const jazz = await createConcert(database.db, {
    day: '2030-10-27',
    hour: '20:30',
    venue: 'Es Gremi',
    venue_id: venueId,
    genre: 'Jazz',
    price: '0',
    bandname: 'Trío <Nocturno> & Cía',
  });
  const past = await createConcert(database.db, { day: '2030-02-01', genre: 'Rock' });
  return { rock, jazz, past };
}

describe('one concert: GET /calendario/conciertos/:id.ics', () => {
  it('downloads an .ics that ical.js reads, in Madrid time with a VTIMEZONE', async () => {
    const { rock } = await agenda();
    const res = await request(app).get(`/calendario/conciertos/${rock.id}.ics`).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=concierto-${rock.id}.ics`,
    );
    expect(res.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid\r\n');
    const [event, ...others] = eventsOf(res.text);
    expect(others).toHaveLength(0);
    expect(event?.uid).toBe(`concierto-${rock.id}@conciertos.example`);
    expect(event?.summary).toBe('Sa Fosca + Tramuntana; Ràdio, Club');
    expect(event?.location).toBe('Es Gremi, Carrer del Gremi de Porgadors 16, Palma');
    expect(event?.component.getFirstPropertyValue('url')).toBe(
      `${PUBLIC_URL}/conciertos/${rock.id}`,
    );
    expect(event?.description).toMatch(/Precio: 15,00\s€/); // Intl puts a no-break space
    expect(event?.description).toContain(`Más información: ${PUBLIC_URL}/conciertos/${rock.id}`);
    // 31 March 2030 is the day summer time starts: 21:00 in Madrid is 19:00 UTC.
    expect(event?.startDate.toString()).toBe('2030-03-31T21:00:00');
    expect(event?.startDate.toJSDate().toISOString()).toBe('2030-03-31T19:00:00.000Z');
    expect(event?.duration.toSeconds()).toBe(3 * 3600);
  });

  it('keeps the same UID and body for the same concert', async () => {
    const { rock } = await agenda();
    const first = await request(app).get(`/calendario/conciertos/${rock.id}.ics`).expect(200);
    const second = await request(app).get(`/calendario/conciertos/${rock.id}.ics`).expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers 404 for an unknown concert and 400 for a name that is not one', async () => {
    const missing = await request(app).get('/calendario/conciertos/999999.ics').expect(404);
    expect(missing.body.error.message).toBe('Ese concierto no existe.');
    for (const bad of ['abc.ics', '12.txt', '0.ics', '99999999999.ics', `${'1'.repeat(200)}.ics`]) {
      const res = await request(app).get(`/calendario/conciertos/${bad}`).expect(400);
      expect(res.body.error.message).toBe('El calendario pedido no es válido.');
    }
  });
});

describe('public feeds', () => {
  it('lists every upcoming concert as ICS, past ones left out', async () => {
    const { rock, jazz } = await agenda();
    const res = await request(app).get('/calendario/conciertos.ics').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    const events = eventsOf(res.text);
    expect(events.map((event) => event.uid)).toEqual([
      `concierto-${rock.id}@conciertos.example`,
      `concierto-${jazz.id}@conciertos.example`,
    ]);
    // 27 October 2030 is the day summer time ends: 20:30 in Madrid is 19:30 UTC.
    expect(events[1]?.startDate.toJSDate().toISOString()).toBe('2030-10-27T19:30:00.000Z');
    expect(events[1]?.summary).toBe('Trío <Nocturno> & Cía');
    expect(events[1]?.description).toContain('Precio: Gratis');
  });

  it('gives a well-formed RSS 2.0 document (Chromium DOMParser) with one item per concert', async () => {
    const { rock, jazz } = await agenda();
    const res = await binary(request(app).get('/calendario/conciertos.rss')).expect(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const body = text(res);
    expect(await xml.parseError(body)).toBeNull();
    expect(await xml.texts(body, 'rss > channel > title')).toEqual(['Conciertos en Mallorca']);
    expect(await xml.texts(body, 'item > link')).toEqual([
      `${PUBLIC_URL}/conciertos/${rock.id}`,
      `${PUBLIC_URL}/conciertos/${jazz.id}`,
    ]);
    const titles = await xml.texts(body, 'item > title');
    expect(titles[1]).toBe('Trío <Nocturno> & Cía · domingo, 27 de octubre a las 20:30');
    expect(await xml.texts(body, 'item > category')).toEqual(['Rock', 'Jazz']);
  });

  it('has a Catalan address (?lang=ca) whose texts, dates and links are Catalan', async () => {
    const { rock, jazz } = await agenda();
    const spanish = await binary(request(app).get('/calendario/conciertos.rss')).expect(200);
    const res = await binary(request(app).get('/calendario/conciertos.rss?lang=ca')).expect(200);
    const body = text(res);
    expect(await xml.parseError(body)).toBeNull();
    expect(await xml.texts(body, 'rss > channel > title')).toEqual(['Concerts a Mallorca']);
    expect(await xml.texts(body, 'rss > channel > language')).toEqual(['ca-ES']);
    expect(await xml.texts(body, 'item > link')).toEqual([
      `${PUBLIC_URL}/conciertos/${rock.id}?lang=ca`,
      `${PUBLIC_URL}/conciertos/${jazz.id}?lang=ca`,
    ]);
    const titles = await xml.texts(body, 'item > title');
    expect(titles[1]).toBe('Trío <Nocturno> & Cía · diumenge, 27 d’octubre a les 20:30');
    expect(res.headers.etag).not.toBe(spanish.headers.etag);

    const genre = await request(app).get('/calendario/generos/musica-electronica.ics?lang=ca');
    expect(genre.text).toContain('X-WR-CALNAME:Concerts de Música electrònica a Mallorca');
  });

  it('gives one concert’s file in the language of the page it is downloaded from', async () => {
    const { jazz } = await agenda();
    const res = await request(app)
      .get(`/calendario/conciertos/${jazz.id}.ics`)
      .set('Accept-Language', 'ca-ES,ca;q=0.9')
      .expect(200);
    expect(res.headers.vary).toMatch(/Cookie.*Accept-Language/);
    expect(eventsOf(res.text)[0]?.description).toContain('Preu: Gratuït');
    const spanish = await request(app).get(`/calendario/conciertos/${jazz.id}.ics`).expect(200);
    expect(eventsOf(spanish.text)[0]?.description).toContain('Precio: Gratis');
  });

  it('has one feed per genre, ICS and RSS; an unknown genre is a 404', async () => {
    const { jazz } = await agenda();
    const ics = await request(app).get('/calendario/generos/jazz.ics').expect(200);
    expect(eventsOf(ics.text).map((event) => event.uid)).toEqual([
      `concierto-${jazz.id}@conciertos.example`,
    ]);
    const rss = await binary(request(app).get('/calendario/generos/jazz.rss')).expect(200);
    expect(await xml.parseError(text(rss))).toBeNull();
    expect(await xml.texts(text(rss), 'rss > channel > title')).toEqual([
      'Conciertos de Jazz en Mallorca',
    ]);
    const electronic = await request(app).get('/calendario/generos/musica-electronica.ics');
    expect(electronic.status).toBe(200);
    expect(eventsOf(electronic.text)).toHaveLength(0);
    const unknown = await request(app).get('/calendario/generos/polka.ics').expect(404);
    expect(unknown.body.error.message).toBe('Ese género no existe.');
    await request(app).get('/calendario/generos/Rock!.ics').expect(400);
    await request(app).get('/calendario/nada.ics').expect(404);
  });

  it('answers 304 to If-None-Match and If-Modified-Since until the feed changes', async () => {
    await agenda();
    const first = await request(app).get('/calendario/conciertos.ics').expect(200);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(lastModified).toBe(now.toUTCString());

    now = new Date('2030-03-01T11:00:00Z');
    const byEtag = await request(app)
      .get('/calendario/conciertos.ics')
      .set('If-None-Match', etag)
      .expect(304);
    expect(byEtag.text).toBe('');
    await request(app)
      .get('/calendario/conciertos.ics')
      .set('If-Modified-Since', lastModified)
      .expect(304);
    // Another instance (a new app on the same database) gives the same Last-Modified.
    const other = createTestApp({ database, clock, env: { PUBLIC_URL } }).app;
    const again = await request(other).get('/calendario/conciertos.ics').expect(200);
    expect(again.headers['last-modified']).toBe(lastModified);

    await createConcert(database.db, { day: '2030-05-01', genre: 'Pop' });
    now = new Date(now.getTime() + 60_000); // past the seconds an instance keeps a version
    const changed = await request(app)
      .get('/calendario/conciertos.ics')
      .set('If-None-Match', etag)
      .expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers['last-modified']).toBe(now.toUTCString());
    await request(app)
      .get('/calendario/conciertos.ics')
      .set('If-Modified-Since', lastModified)
      .expect(200);
  });

  it('answers a 304 with at most one statement, never the rows of the body', async () => {
    await agenda();
    const { app: countedApp, statements, limits } = countingApp();
    for (const feed of ['/calendario/conciertos.ics', '/calendario/generos/rock.rss']) {
      const first = await request(countedApp).get(feed).expect(200);
      expect(statements).toHaveLength(2); // the version, then the rows of the body
      statements.length = 0;
      const revalidate = () =>
        request(countedApp)
          .get(feed)
          .set('If-None-Match', first.headers.etag as string)
          .expect(304);
      await revalidate();
      expect(statements).toEqual([]); // the version, kept a few seconds
      now = new Date(now.getTime() + 60_000);
      await revalidate();
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('feed_versions');
      statements.length = 0;
    }
    expect(limits).toHaveLength(6); // each request counted once against the address's limit
  });

  it('asks for the version once for a burst of polls, and again after a few seconds', async () => {
    await agenda();
    const { app: countedApp, statements } = countingApp();
    const polls = await Promise.all(
      Array.from({ length: 10 }, () => request(countedApp).get('/calendario/conciertos.ics')),
    );
    expect(polls.map((res) => res.status)).toEqual(Array<number>(10).fill(200));
    expect(new Set(polls.map((res) => res.headers.etag)).size).toBe(1);
    const versions = () => statements.filter((sql) => sql.includes('feed_versions')).length;
    expect(versions()).toBe(1);

    await createConcert(database.db, { day: '2030-05-01', genre: 'Pop' });
    now = new Date(now.getTime() + 4_000); // still within the few seconds: the same version
    const kept = await request(countedApp).get('/calendario/conciertos.ics').expect(200);
    expect(kept.headers.etag).toBe(polls[0]!.headers.etag);
    expect(versions()).toBe(1);
    now = new Date(now.getTime() + 2_000);
    const fresh = await request(countedApp).get('/calendario/conciertos.ics').expect(200);
    expect(fresh.headers.etag).not.toBe(polls[0]!.headers.etag);
    expect(versions()).toBe(2);
  });

  it('changes its ETag and Last-Modified with every change the feed shows', async () => {
    const { rock, jazz } = await agenda();
    const feed = '/calendario/conciertos.ics';
    const seen = new Set<string>();
    let previous = await request(app).get(feed).expect(200);
    seen.add(previous.headers.etag as string);
    const set = (id: number, values: Updateable<DB['concerts']>) => () =>
      database.db.updateTable('concerts').set(values).where('id', '=', id).execute();
    const changes: [string, () => Promise<unknown>][] = [
      ['price', set(rock.id, { price: '20' })],
      ['description', set(rock.id, { description_short: 'Otra noche' })],
      // Cancelled at the `now` of its turn, not of this line.
      ['cancelled', () => set(jazz.id, { cancelled_at: now })()],
      [
        'band renamed',
        () =>
          database.db
            .updateTable('bands')
            .set({ band_name: 'Sa Fosca Nova' })
            .where('band_name', '=', 'Sa Fosca')
            .execute(),
      ],
      [
        'band removed',
        () => database.db.deleteFrom('concert_band').where('concert_id', '=', rock.id).execute(),
      ],
      [
        'venue address',
        () => database.db.updateTable('venues').set({ address: 'Plaça Major 1' }).execute(),
      ],
      [
        'concert removed',
        () => database.db.deleteFrom('concerts').where('id', '=', jazz.id).execute(),
      ],
      // Time passes: the rock night (31 March, 21:00) leaves the feed two hours after it starts.
      ['window', () => Promise.resolve((now = new Date('2030-03-31T21:30:00Z')))],
    ];
    for (const [what, change] of changes) {
      now = new Date(now.getTime() + 60_000);
      await change();
      const res = await request(app)
        .get(feed)
        .set('If-None-Match', previous.headers.etag as string)
        .expect(200);
      const etag = res.headers.etag as string;
      expect([what, seen.has(etag)]).toEqual([what, false]);
      expect([what, res.headers['last-modified']]).toEqual([what, now.toUTCString()]);
      seen.add(etag);
      previous = res;
    }
    expect(eventsOf(previous.text)).toHaveLength(0);
    // Another PUBLIC_URL writes other links: another ETag for the same rows.
    const elsewhere = createTestApp({
      database,
      clock,
      env: { PUBLIC_URL: 'http://otro.example' },
    });
    const moved = await request(elsewhere.app).get(feed).expect(200);
    expect(moved.headers.etag).not.toBe(previous.headers.etag);
  });

  it('shows nothing private: no fan, email, score, reason or feed token', async () => {
    const { rock } = await agenda();
    const fan = await createUser(database.db, { name: 'Margalida Secreta' });
    await database.db
      .insertInto('user_concert_recommendations')
      .values({
        user_id: fan.user_id,
        concert_id: rock.id,
        liked: true,
        score: 'extreme',
        reason: 'RAZON-PRIVADA-DEL-FAN',
      })
      .execute();
    const { agent } = await signedInAgent(app, database.db);
    const link = (await agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const token = link.feedUrl.split('/').pop()!.replace('.ics', '');
    const bodies = await Promise.all(
      [
        '/calendario/conciertos.ics',
        '/calendario/conciertos.rss',
        '/calendario/generos/rock.ics',
        '/calendario/generos/rock.rss',
        `/calendario/conciertos/${rock.id}.ics`,
      ].map(async (url) => text(await binary(request(app).get(url)).expect(200))),
    );
    for (const body of bodies) {
      for (const secret of [
        fan.email,
        fan.user_id,
        'Margalida',
        'RAZON-PRIVADA-DEL-FAN',
        'extreme',
        token,
        token.slice(0, 16),
      ]) {
        expect(body).not.toContain(secret);
      }
    }
  });
});

describe('the private feed', () => {
  async function fanWithConcerts() {
    const concerts = await agenda();
    const other = await createConcert(database.db, { day: '2030-04-10', genre: 'Pop' });
    const fan = await signedInAgent(app, database.db);
    await database.db
      .insertInto('user_concert_recommendations')
      .values([
        { user_id: fan.userId, concert_id: concerts.rock.id, liked: true, score: 'low' },
        { user_id: fan.userId, concert_id: concerts.jazz.id, liked: false, score: 'extreme' },
        { user_id: fan.userId, concert_id: other.id, liked: false, score: 'high' },
      ])
      .execute();
    return { ...concerts, other, fan };
  }

  const uids = (ics: string) => eventsOf(ics).map((event) => event.uid);
  const pathOf = (url: string) => new URL(url).pathname;

  it('needs a session for every settings route (401)', async () => {
    await request(app).get('/api/profile/calendar').expect(401);
    await request(app).patch('/api/profile/calendar').send({ includeExtreme: true }).expect(401);
    await request(app).post('/api/profile/calendar/token').send({}).expect(401);
    await request(app).delete('/api/profile/calendar/token').send({}).expect(401);
  });

  it('refuses a write from another site (403) and bad input (400) without changing anything', async () => {
    const { agent } = await signedInAgent(app, database.db);
    await agent
      .post('/api/profile/calendar/token')
      .set('Origin', 'https://evil.example')
      .send({})
      .expect(403);
    const bad = await agent
      .patch('/api/profile/calendar')
      .send({ includeExtreme: 'sí' })
      .expect(400);
    expect(bad.body.error.message).toBe(
      'Indica si quieres añadir también tus conciertos 🔥🔥🔥 (true o false).',
    );
    await agent.patch('/api/profile/calendar').send({}).expect(400);
    await agent.post('/api/profile/calendar/token').send({ token: 'mío' }).expect(400);
    await agent.delete('/api/profile/calendar/token').send({ all: true }).expect(400);
    const status = (await agent.get('/api/profile/calendar').expect(200)).body as CalendarFeedDto;
    expect(status).toEqual({ active: false, createdAt: null, includeExtreme: false });
  });

  it('serves the liked concerts to the right token only, then extreme matches on request', async () => {
    const { rock, jazz, fan } = await fanWithConcerts();
    const created = await fan.agent.post('/api/profile/calendar/token').send({}).expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const link = created.body as CalendarFeedLinkDto;
    expect(link.feedUrl).toMatch(
      /^http:\/\/conciertos\.example\/calendario\/privado\/[\w-]{59}\.ics$/,
    );
    expect(link.webcalUrl).toBe(link.feedUrl.replace('http:', 'webcal:'));
    expect(link).toMatchObject({
      active: true,
      includeExtreme: false,
      createdAt: now.toISOString(),
    });
    // The database holds no copy of the token.
    const stored = await database.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(pathOf(link.feedUrl).slice(36, 95));

    const res = await request(app).get(pathOf(link.feedUrl)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(uids(res.text)).toEqual([`concierto-${rock.id}@conciertos.example`]);

    const status = await fan.agent
      .patch('/api/profile/calendar')
      .send({ includeExtreme: true })
      .expect(200);
    expect(status.body).toEqual({
      active: true,
      createdAt: now.toISOString(),
      includeExtreme: true,
    });
    const withExtreme = await request(app).get(pathOf(link.feedUrl)).expect(200);
    expect(uids(withExtreme.text)).toEqual([
      `concierto-${rock.id}@conciertos.example`,
      `concierto-${jazz.id}@conciertos.example`,
    ]);
  });

  it("is written in the fan's saved language", async () => {
    const { fan } = await fanWithConcerts();
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const spanish = await request(app).get(pathOf(link.feedUrl)).expect(200);
    expect(spanish.text).toContain('X-WR-CALNAME:Mis conciertos · Conciertos Mallorca');
    await fan.agent.patch('/api/profile').send({ locale: 'ca' }).expect(200);
    const catalan = await request(app).get(pathOf(link.feedUrl)).expect(200);
    expect(catalan.text).toContain('X-WR-CALNAME:Els meus concerts · Conciertos Mallorca');
    expect(catalan.headers.etag).not.toBe(spanish.headers.etag);
  });

  it('answers 404 to a wrong, malformed, revoked or replaced token', async () => {
    const { fan } = await fanWithConcerts();
    const first = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const url = pathOf(first.feedUrl);
    const token = url.slice('/calendario/privado/'.length, -'.ics'.length);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const otherSecret = token.slice(0, 16) + 'x'.repeat(43);
    for (const wrong of [flipped, otherSecret, token.slice(1), 'x'.repeat(59), `${token}x`]) {
      const res = await request(app).get(`/calendario/privado/${wrong}.ics`).expect(404);
      expect(res.body.error.message).toBe('Este calendario no existe o su enlace se ha revocado.');
    }
    await request(app).get(`/calendario/privado/${token}.rss`).expect(404);
    await request(app).get(url).expect(200);

    // Regenerated: the new link works, the old one no longer does.
    const second = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    expect(second.feedUrl).not.toBe(first.feedUrl);
    await request(app).get(url).expect(404);
    await request(app).get(pathOf(second.feedUrl)).expect(200);

    // Revoked: nothing works, and the profile says so; the extreme choice stays.
    await fan.agent.patch('/api/profile/calendar').send({ includeExtreme: true }).expect(200);
    await fan.agent.delete('/api/profile/calendar/token').send({}).expect(204);
    await request(app).get(pathOf(second.feedUrl)).expect(404);
    const status = (await fan.agent.get('/api/profile/calendar').expect(200)).body;
    expect(status).toEqual({ active: false, createdAt: null, includeExtreme: true });
    // Revoking twice is harmless.
    await fan.agent.delete('/api/profile/calendar/token').send({}).expect(204);
  });

  it('answers 304 while the fan changes nothing, and a new version after a like', async () => {
    const { other, fan } = await fanWithConcerts();
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const url = pathOf(link.feedUrl);
    const first = await request(app).get(url).expect(200);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    now = new Date('2030-03-02T10:00:00Z');
    await request(app).get(url).set('If-None-Match', etag).expect(304);
    await request(app).get(url).set('If-Modified-Since', lastModified).expect(304);

    await fan.agent.put(`/api/concerts/${other.id}/like`).send({ liked: true }).expect(200);
    const changed = await request(app).get(url).set('If-None-Match', etag).expect(200);
    expect(changed.headers['last-modified']).toBe(now.toUTCString());
    expect(uids(changed.text)).toContain(`concierto-${other.id}@conciertos.example`);
  });

  it('changes its ETag with a like taken back, an extreme match and the setting; a 304 costs two statements', async () => {
    const { rock, jazz, fan } = await fanWithConcerts();
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const { app: countedApp, statements } = countingApp();
    const url = pathOf(link.feedUrl);
    const seen = new Set<string>();
    let etag = (await request(countedApp).get(url).expect(200)).headers.etag as string;
    seen.add(etag);
    statements.length = 0;
    await request(countedApp).get(url).set('If-None-Match', etag).expect(304);
    expect(statements).toHaveLength(2); // the token's row, then the version: no rows, no body

    const changes: [string, () => Promise<unknown>][] = [
      [
        'setting',
        () => fan.agent.patch('/api/profile/calendar').send({ includeExtreme: true }).expect(200),
      ],
      [
        'extreme match rescored',
        () =>
          database.db
            .updateTable('user_concert_recommendations')
            .set({ score: 'high' })
            .where('concert_id', '=', jazz.id)
            .execute(),
      ],
      [
        'like taken back',
        () => fan.agent.put(`/api/concerts/${rock.id}/like`).send({ liked: false }).expect(200),
      ],
    ];
    for (const [what, change] of changes) {
      now = new Date(now.getTime() + 60_000);
      await change();
      const res = await request(countedApp).get(url).set('If-None-Match', etag).expect(200);
      etag = res.headers.etag as string;
      expect([what, seen.has(etag)]).toEqual([what, false]);
      expect([what, res.headers['last-modified']]).toEqual([what, now.toUTCString()]);
      seen.add(etag);
    }
    expect(uids((await request(countedApp).get(url).expect(200)).text)).toEqual([]);
  });

  it('keeps another fan out of the feed', async () => {
    const { rock, fan } = await fanWithConcerts();
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const someone = await createUser(database.db);
    const pop = await createConcert(database.db, { day: '2030-04-20', genre: 'Pop' });
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: someone.user_id, concert_id: pop.id, liked: true })
      .execute();
    const res = await request(app).get(pathOf(link.feedUrl)).expect(200);
    expect(uids(res.text)).toEqual([`concierto-${rock.id}@conciertos.example`]);
  });

  it("goes with the account: a deleted fan's link answers 404", async () => {
    const { fan } = await fanWithConcerts();
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    await request(app).get(pathOf(link.feedUrl)).expect(200);
    await fan.agent.delete('/api/profile').send({ currentPassword: TEST_PASSWORD }).expect(204);
    await request(app).get(pathOf(link.feedUrl)).expect(404);
    const rows = await database.db.selectFrom('calendar_feeds').select('user_id').execute();
    expect(rows).toEqual([]);
  });

  it('never writes the token to the request log', async () => {
    const { fan } = await fanWithConcerts();
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const token = pathOf(link.feedUrl).slice('/calendario/privado/'.length, -4);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { app: logged } = createTestApp({
      database,
      clock,
      env: { PUBLIC_URL, LOG_LEVEL: 'info' },
      log: pino({ level: 'info' }, sink),
    });
    await request(logged).get(`/calendario/privado/${token}.ics`).expect(200);
    await request(logged).get(`/calendario/privado/${token}x.ics`).expect(404);
    const output = lines.join('');
    expect(output).toContain('/calendario/privado/[oculto]');
    expect(output).not.toContain(token);
    expect(output).not.toContain(token.slice(0, 16));
  });
});

describe('the private feed after a password change, a reset or closing the other sessions', () => {
  // Long and uncommon: it must pass the password rules.
  const NEW_PASSWORD = 'Tramuntana-sobre-Sóller-2030';
  const pathOf = (url: string) => new URL(url).pathname;

  /** A fan with a working feed link, and the ETag a calendar app would revalidate with. */
  async function fanWithFeed() {
    const fan = await signedInAgent(app, database.db);
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const url = pathOf(link.feedUrl);
    const first = await request(app).get(url).expect(200);
    return { fan, url, etag: first.headers.etag as string };
  }

  /** Gone for good: no body, no 304 for a kept copy, and the profile offers a new link. */
  async function expectRevoked(
    feed: Awaited<ReturnType<typeof fanWithFeed>>,
    agent: ReturnType<typeof request.agent>,
  ) {
    const gone = await request(app).get(feed.url).expect(404);
    expect(gone.body.error.message).toBe('Este calendario no existe o su enlace se ha revocado.');
    await request(app).get(feed.url).set('If-None-Match', feed.etag).expect(404);
    const status = (await agent.get('/api/profile/calendar').expect(200)).body as CalendarFeedDto;
    expect(status).toMatchObject({ active: false, createdAt: null });
    const renewed = (await agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    await request(app).get(pathOf(renewed.feedUrl)).expect(200);
    await request(app).get(feed.url).expect(404);
  }

  it('is revoked by a password change from the profile', async () => {
    const feed = await fanWithFeed();
    await feed.fan.agent
      .post('/api/profile/password')
      .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
      .expect(204);
    await expectRevoked(feed, feed.fan.agent);
  });

  it('is revoked by a password reset', async () => {
    const feed = await fanWithFeed();
    const token = 'token-de-prueba-para-restablecer';
    await database.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: feed.fan.userId,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(now.getTime() + 60 * 60_000),
      })
      .execute();
    const resetter = request.agent(app); // the reset signs this browser in
    await resetter
      .post('/api/auth/reset-password')
      .send({ token, password: NEW_PASSWORD })
      .expect(200);
    await expectRevoked(feed, resetter);
  });

  it("is revoked by 'close my other sessions'", async () => {
    const feed = await fanWithFeed();
    await feed.fan.agent.post('/api/profile/sessions/end-others').expect(204);
    await expectRevoked(feed, feed.fan.agent);
  });

  it('stays when a password change is refused', async () => {
    const feed = await fanWithFeed();
    await feed.fan.agent
      .post('/api/profile/password')
      .send({ currentPassword: 'no-es-la-buena', newPassword: NEW_PASSWORD })
      .expect(400);
    await request(app).get(feed.url).expect(200);
  });
});

describe('the limit per address on /calendario', () => {
  const from = (address: string) => (req: request.Test) =>
    req.set('X-Forwarded-For', `198.51.100.200, ${address}`); // the proxy's entry counts

  it('answers 429 with Retry-After and a Spanish message past the limit, to that address only', async () => {
    await agenda();
    const { app: proxied } = createTestApp({
      database,
      clock,
      env: { PUBLIC_URL, TRUST_PROXY: '1' },
    });
    const greedy = from('203.0.113.9');
    const first = await greedy(request(proxied).get('/calendario/conciertos.ics')).expect(200);
    for (let i = 2; i <= FEED_LIMIT.limit; i += 1) {
      await greedy(request(proxied).get('/calendario/conciertos.ics'))
        .set('If-None-Match', first.headers.etag as string)
        .expect(304);
    }
    // Every path under /calendario counts, a private feed's and an unknown one's too.
    for (const url of [
      '/calendario/conciertos.ics',
      '/calendario/privado/x.ics',
      '/calendario/x',
    ]) {
      const refused = await greedy(request(proxied).get(url)).expect(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(FEED_LIMIT.windowSeconds);
      expect(refused.body.error.message).toBe(
        'Demasiados intentos. Espera un momento y vuelve a probar.',
      );
    }
    await from('203.0.113.10')(request(proxied).get('/calendario/conciertos.ics')).expect(200);
  });

  it('lets a household poll its feeds every 5 minutes', async () => {
    await agenda();
    const fan = await signedInAgent(app, database.db);
    const link = (await fan.agent.post('/api/profile/calendar/token').send({}).expect(201))
      .body as CalendarFeedLinkDto;
    const { app: proxied } = createTestApp({
      database,
      clock,
      env: { PUBLIC_URL, TRUST_PROXY: '1' },
    });
    const home = from('192.0.2.44');
    const feeds = [
      '/calendario/conciertos.ics',
      '/calendario/conciertos.rss',
      '/calendario/generos/rock.ics',
      '/calendario/generos/jazz.rss',
      new URL(link.feedUrl).pathname,
    ];
    const etags = new Map<string, string>();
    // Two hours: every 5 minutes each feed is asked for, as a calendar app would.
    for (let poll = 0; poll < 24; poll += 1) {
      if (poll % 2 === 0) {
        // A new window every 10 minutes: the counter's window ends as time would end it.
        await database.db
          .updateTable('rate_limits')
          .set({ reset_at: new Date(Date.now() - 1000) })
          .execute();
      }
      now = new Date(now.getTime() + 5 * 60_000);
      for (const url of feeds) {
        const ask = home(request(proxied).get(url));
        const etag = etags.get(url);
        const res = await (etag ? ask.set('If-None-Match', etag) : ask);
        expect([url, res.status]).toEqual([url, etag ? 304 : 200]);
        etags.set(url, res.headers.etag as string);
      }
    }
  });
});
