// The public pages answered in front of the stack once kept (server/pages/public-lane.ts): they
// must carry what every other answer carries (security headers, request id, the log line, the
// metrics) and keep HTTP's rules (gzip when asked, ETag/304, HEAD), and follow changes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import request from 'supertest';
import { ChangeFeed } from '../server/cache/change-feed.js';
import { createLogger } from '../server/lib/logger.js';
import { httpDuration } from '../server/metrics/metrics.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { defined } from './helpers/defined.js';
import { eventually } from './helpers/eventually.js';
import { createBand, createConcert } from './helpers/factories.js';
import { appRenderer } from './helpers/render.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({ cleared: ['concerts', 'bands', 'venues'] });
const clock = fixedClock('2026-11-21T00:15:00Z');
const PUBLIC_URL = 'https://conciertos.example.org';

// A built index.html with enough in it for the page to be worth gzipping (over 1 KB).
const clientDir = mkdtempSync(path.join(tmpdir(), 'cm-lane-client-'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="es"><head><meta charset="UTF-8" />' +
    '<title>Conciertos Mallorca</title><meta name="description" content="Agenda." />' +
    '<!--app-config--></head><body><div id="root"></div>' +
    '<script type="module" src="/assets/index-1.js"></script></body></html>',
);

let feeds: ChangeFeed[] = [];
afterEach(async () => {
  await Promise.all(feeds.map((feed) => feed.stop()));
  feeds = [];
});

/** The app with a live change feed (so pages are kept), logging into `lines`. */
async function keepingApp(lines: string[] = []) {
  const feed = new ChangeFeed(database.url, createLogger('silent'));
  feeds.push(feed);
  await feed.start();
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return createTestApp({ database, clock, clientDir, env: { PUBLIC_URL }, feed, log }).app;
}

async function aConcert() {
  await database.db
    .insertInto('venues')
    .values({ id: 1, name: 'Es Gremi', town: 'Palma' })
    .execute();
  const band = await createBand(database.db, { band_name: 'Los Planetas' });
  const concert = await createConcert(database.db, {
    day: '2026-11-28',
    hour: '21:30',
    bandIds: [band.id],
  });
  return { id: concert.id, band };
}

/** The canonical path (the bare id is a 301 to it), then one request to keep the page. */
async function keptPagePath(app: Parameters<typeof request>[0], id: number): Promise<string> {
  const moved = await request(app).get(`/conciertos/${id}`).expect(301);
  const pagePath = defined(moved.headers.location, 'Location');
  await request(app).get(pagePath).expect(200);
  return pagePath;
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('kept public pages', () => {
  it('carry the same security headers as any other answer, and a request id', async () => {
    const { id } = await aConcert();
    const app = await keepingApp();
    const pagePath = await keptPagePath(app, id);
    const stack = await request(app).get('/api/config').expect(200);
    for (const target of [pagePath, '/conciertos', '/robots.txt']) {
      const res = await request(app).get(target).set('X-Request-Id', 'peticion-1').expect(200);
      for (const header of SECURITY_HEADERS) {
        expect([target, header, res.headers[header]]).toEqual([
          target,
          header,
          defined(stack.headers[header], header),
        ]);
      }
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toBe('peticion-1');
    }
    const fresh = await request(app).get(pagePath).set('X-Request-Id', 'no valid!').expect(200);
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the agenda's fast lane gives its kept answers the same headers, request id and log line", async () => {
    await aConcert();
    const lines: string[] = [];
    const app = await keepingApp(lines);
    const stack = await request(app).get('/api/config').expect(200);
    for (const target of ['/api/concerts', '/api/concerts/likes']) {
      await request(app).get(target).expect(200); // built and kept
      lines.length = 0;
      const res = await request(app).get(target).set('X-Request-Id', 'peticion-2').expect(200);
      for (const header of SECURITY_HEADERS) {
        expect([target, header, res.headers[header]]).toEqual([
          target,
          header,
          defined(stack.headers[header], header),
        ]);
      }
      expect(res.headers['x-request-id']).toBe('peticion-2');
      await eventually(() =>
        expect(lines.map((line) => JSON.parse(line) as { req?: { id?: string } })).toEqual([
          expect.objectContaining({ req: expect.objectContaining({ id: 'peticion-2' }) }),
        ]),
      );
    }
  });

  it('are gzipped when asked, with ETag, 304 to If-None-Match and no body to HEAD', async () => {
    const { id } = await aConcert();
    const app = await keepingApp();
    const pagePath = await keptPagePath(app, id);
    const plain = await request(app).get(pagePath).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('Los Planetas');

    const zipped = await request(app)
      .get(pagePath)
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    // supertest may already have unzipped it: either way the bytes are the plain page.
    const body = zipped.body as Buffer;
    const text = body[0] === 0x1f ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    expect(text).toBe(plain.text);

    const etag = defined(plain.headers.etag, 'ETag');
    expect(zipped.headers.etag).toBe(etag);
    const notModified = await request(app).get(pagePath).set('If-None-Match', etag).expect(304);
    expect(notModified.text).toBe('');
    // A forced reload is answered in full.
    await request(app)
      .get(pagePath)
      .set('If-None-Match', etag)
      .set('Cache-Control', 'no-cache')
      .expect(200);

    const head = await request(app).head(pagePath).set('Accept-Encoding', 'identity').expect(200);
    expect(head.text).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(plain.text)));
  });

  it("keep a visitor's page only: a signed-in fan's is rendered for them, with their score", async () => {
    const { id } = await aConcert();
    const feed = new ChangeFeed(database.url, createLogger('silent'));
    feeds.push(feed);
    await feed.start();
    const render = await appRenderer();
    // Over http: a supertest agent keeps no Secure cookie.
    const env = { PUBLIC_URL: 'http://conciertos.example.org' };
    const app = createTestApp({ database, clock, clientDir, env, feed, render }).app;
    const moved = await request(app).get(`/conciertos/${id}`).expect(301);
    const pagePath = defined(moved.headers.location, 'Location');
    const { agent, userId } = await signedInAgent(app, database.db, { onboarding_completed: true });
    await database.db
      .insertInto('user_concert_recommendations')
      .values({ user_id: userId, concert_id: id, score: 'high', reason: 'Una razón solo para ti.' })
      .execute();
    for (const target of [pagePath, '/conciertos', '/']) {
      const visitor = await request(app).get(target).expect(200);
      // Kept: the lane answers the second ask with the same bytes.
      const again = await request(app).get(target).expect(200);
      expect(again.text).toBe(visitor.text);
      expect(visitor.headers.vary).toMatch(/Cookie/);
      expect(visitor.text).toContain('"session":{"user":null}');
      // A visitor's agenda is left to the API (preloaded), the page drawn from the same answer.
      if (target === '/conciertos') expect(visitor.text).toContain('"agendaFromApi":true');
      expect(visitor.text).not.toContain('Una razón solo para ti.');
      // A browser with a stale cookie is a visitor too, through the whole stack.
      const stale = await request(app).get(target).set('Cookie', 'cm.sid=s%3Aabc.def').expect(200);
      expect(stale.text).toBe(visitor.text);
    }
    for (const target of [pagePath, '/conciertos']) {
      const visitorTag = defined((await request(app).get(target)).headers.etag, 'ETag');
      // The fan's own page, never the visitors' copy, not even through a 304.
      const fan = await agent.get(target).set('If-None-Match', visitorTag).expect(200);
      expect(fan.headers['cache-control']).toBe('private, no-cache');
      expect(fan.headers.etag).not.toBe(visitorTag);
      expect(fan.text).toContain('Una razón solo para ti.');
      expect(fan.text).toContain(`"id":"${userId}"`);
      // And the visitors' copy is still theirs alone.
      const visitor = await request(app).get(target).expect(200);
      expect(visitor.text).not.toContain('Una razón solo para ti.');
      expect(visitor.text).not.toContain(userId);
    }
    // A fan on the landing goes to their agenda.
    await agent.get('/').expect(302).expect('Location', '/myconcerts');
  });

  it('get a new ETag and content when a band is renamed', async () => {
    const { id, band } = await aConcert();
    const app = await keepingApp();
    const pagePath = await keptPagePath(app, id);
    const before = await request(app).get(pagePath).expect(200);
    await database.db
      .updateTable('bands')
      .set({ band_name: 'Los Planetas Eléctricos' })
      .where('id', '=', band.id)
      .execute();
    const newPath = await eventually(async () => {
      const res = await request(app).get(pagePath).expect(301);
      return defined(res.headers.location, 'Location');
    });
    const after = await request(app)
      .get(newPath)
      .set('If-None-Match', defined(before.headers.etag, 'ETag'))
      .expect(200);
    expect(after.text).toContain('Los Planetas Eléctricos');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('are logged as pino-http logs the rest, and counted in the metrics', async () => {
    const { id } = await aConcert();
    const lines: string[] = [];
    const app = await keepingApp(lines);
    const pagePath = await keptPagePath(app, id);
    const concertRoute = () =>
      httpDuration
        .get()
        .then((metric) =>
          metric.values
            .filter(
              (v) =>
                v.metricName === 'cm_http_request_duration_seconds_count' &&
                v.labels.route === '/conciertos/{segment}' &&
                v.labels.status === '200',
            )
            .reduce((sum, v) => sum + v.value, 0),
        );
    const counted = await concertRoute();
    lines.length = 0;
    await request(app).get(`${pagePath}?token=secreto`).set('X-Request-Id', 'pagina-1');
    await request(app).get('/api/config').set('X-Request-Id', 'config-1');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const page = defined(
      logged.find((line) => (line.req as { id?: string } | undefined)?.id === 'pagina-1'),
      'the page line',
    );
    const config = defined(
      logged.find((line) => (line.req as { id?: string } | undefined)?.id === 'config-1'),
      'the config line',
    );
    expect(page).toMatchObject({
      msg: 'request completed',
      level: 30,
      req: { id: 'pagina-1', method: 'GET', url: `${pagePath}?token=[oculto]` },
      res: { statusCode: 200 },
    });
    expect(Object.keys(page).sort()).toEqual(Object.keys(config).sort());
    expect(Object.keys(page.req as object).sort()).toEqual(
      Object.keys(config.req as object).sort(),
    );
    expect(await concertRoute()).toBe(counted + 1);
  });

  it('answer a session cookie with the same page but for the session hint, and keep the sitemap until a change', async () => {
    const { id } = await aConcert();
    const app = await keepingApp();
    const pagePath = await keptPagePath(app, id);
    const withCookie = await request(app).get(pagePath).set('Cookie', 'cm.sid=s%3Aabc.def');
    const without = await request(app).get(pagePath);
    expect(withCookie.status).toBe(200);
    // Nothing of the person's is read: only the hint and the session's preload differ.
    expect(
      withCookie.text
        .replace('content="cookie">', 'content="none">')
        .replace('<link rel="preload" href="/api/session" as="fetch" crossorigin>', ''),
    ).toBe(without.text);

    const first = await request(app).get('/sitemap.xml').expect(200);
    expect(first.text).toContain(pagePath);
    const added = await createConcert(database.db, { day: '2026-12-01', hour: '20:00' });
    await eventually(async () => {
      const res = await request(app).get('/sitemap.xml').expect(200);
      expect(res.text).toContain(`/conciertos/${added.id}-`);
      expect(res.headers.etag).not.toBe(first.headers.etag);
    });
  });
});
