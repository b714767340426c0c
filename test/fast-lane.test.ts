// The fast lane (server/ssr/fast-lane.ts): what this instance keeps (public pages, the agenda, the like
// counts) is answered in front of the whole stack, and must go out exactly as the full stack sends
// it: same status, body and headers, the same log line, counted in the metrics. A session cookie
// it cannot verify falls through to the full stack. The kept public pages also keep HTTP's rules
// (gzip when asked, ETag/304, HEAD) and follow changes.
import { gunzipSync } from 'node:zlib';
import { sign } from 'cookie-signature';
import type { Express, RequestHandler } from 'express';
import { pino } from 'pino';
import request, { type Response } from 'supertest';
import { hashPassword } from '../server/accounts/password.js';
import { expressRoutes, templateMatcher } from '../server/lib/express-routes.js';
import { httpDuration } from '../server/lib/metrics.js';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useChangeFeeds } from './helpers/change-feeds.js';
import { builtClientDir } from './helpers/client-dir.js';
import { useTestDatabase } from './helpers/db.js';
import { defined } from './helpers/defined.js';
import { eventually } from './helpers/eventually.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { rawBody } from './helpers/raw-body.js';
import { appRenderer } from './helpers/render.js';
import { signedInAgent, TEST_PASSWORD } from './helpers/session.js';

const database = useTestDatabase({ cleared: ['concerts', 'bands', 'venues', 'users'] });
const clock = fixedClock('2026-11-21T00:15:00Z');
const PUBLIC_URL = 'https://conciertos.example.org';
// A fan's session cookie is Secure: it is set only over https, here told by a trusted proxy.
const BEHIND_PROXY = { TRUST_PROXY: 'loopback' };
const OVER_HTTPS = { 'X-Forwarded-Proto': 'https' };

// A built index.html with enough in it for the page to be worth gzipping (over 1 KB).
const clientDir = builtClientDir(
  '<title>Conciertos Mallorca</title><meta name="description" content="Agenda." />',
);

const startFeed = useChangeFeeds(database);

/** The app with a live change feed (so answers are kept), logging into `lines`. */
async function keepingApp(lines: string[] = [], env: Record<string, string> = {}) {
  const feed = await startFeed();
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return createTestApp({ database, clock, clientDir, env: { PUBLIC_URL, ...env }, feed, log }).app;
}

interface Lane {
  /** Off: every request goes to the full stack. */
  on: boolean;
  /** Whether the lane answered the last request (false: the full stack did). */
  answered: boolean | undefined;
}

/** The app's fast lane, wrapped in its place in the stack: it can be switched off, and reports. */
function laneOf(app: Express): Lane {
  const { stack } = (app as unknown as { router: { stack: { name: string; handle: unknown }[] } })
    .router;
  const layer = defined(
    stack.find((candidate) => candidate.name === 'fastLane'),
    'the fast lane in the stack',
  );
  const fastLane = layer.handle as RequestHandler;
  const lane: Lane = { on: true, answered: undefined };
  const wrapped: RequestHandler = (req, res, next) => {
    if (!lane.on) {
      lane.answered = false;
      return next();
    }
    let fellThrough = false;
    void fastLane(req, res, (error?: unknown) => {
      fellThrough = true;
      next(error);
    });
    lane.answered = !fellThrough;
  };
  layer.handle = wrapped;
  return lane;
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

/** The concert's short text in Spanish and in Catalan. */
async function describedInBoth(id: number) {
  await database.db
    .updateTable('concerts')
    .set({ description_short: 'Rock del bueno.', description_short_ca: 'Rock de primera.' })
    .where('id', '=', id)
    .execute();
}

/** The canonical path (the bare id is a 301 to it), then one request to keep the page. */
async function keptPagePath(app: Parameters<typeof request>[0], id: number): Promise<string> {
  const moved = await request(app).get(`/conciertos/${id}`).expect(301);
  const pagePath = defined(moved.headers.location, 'Location');
  await request(app).get(pagePath).expect(200);
  return pagePath;
}

let passwordHash: Promise<string> | undefined;

/** Signs a new fan in on `app`: their session cookie as a Cookie header (Secure: no agent). */
async function signIn(app: Express) {
  passwordHash ??= hashPassword(TEST_PASSWORD, 4);
  const user = await createUser(database.db, {
    password_hash: await passwordHash,
    onboarding_completed: true,
  });
  const res = await request(app)
    .post('/api/auth/login')
    .set(OVER_HTTPS)
    .send({ email: user.email, password: TEST_PASSWORD })
    .expect(200);
  await database.db.deleteFrom('rate_limits').where('key', 'like', 'login-%').execute();
  const setCookie = defined(res.headers['set-cookie'] as unknown as string[] | undefined, 'cookie');
  const cookie = defined(defined(setCookie[0], 'the session cookie').split(';')[0], 'its value');
  return { cookie, userId: user.user_id };
}

/** A scored row for every upcoming concert: an agenda still being scored is never kept. */
async function scoreFor(userId: string, concertId: number) {
  await database.db
    .insertInto('user_concert_recommendations')
    .values({ user_id: userId, concert_id: concertId, score: 'high', reason: 'Te gusta el Rock.' })
    .execute();
}

/** The requests the metrics counted for GET `target`, under the route label httpMetrics gives it. */
async function countedRequests(app: Express, target: string): Promise<number> {
  const route =
    templateMatcher(expressRoutes(app).map((r) => r.template))(target.split('?')[0] ?? '') ??
    'other';
  const metric = await httpDuration.get();
  return metric.values
    .filter(
      (v) =>
        v.metricName === 'cm_http_request_duration_seconds_count' &&
        v.labels.method === 'GET' &&
        v.labels.route === route,
    )
    .reduce((sum, v) => sum + v.value, 0);
}

interface LogLine {
  level?: number;
  msg?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  [field: string]: unknown;
}

interface Answered {
  id: string;
  res: Response;
  line: LogLine;
}

let requestNumber = 0;

/**
 * GET `target` through the lane or, switched off, the full stack: the answer, and its one log line
 * once written, after checking that the metrics counted it.
 */
async function ask(
  app: Express,
  lane: Lane,
  lines: string[],
  byLane: boolean,
  target: string,
  headers: Record<string, string>,
): Promise<Answered> {
  requestNumber += 1;
  const id = `${byLane ? 'lane' : 'stack'}-${requestNumber}`;
  const counted = await countedRequests(app, target);
  lane.on = byLane;
  const res = await request(app)
    .get(target)
    .set({ ...headers, 'X-Request-Id': id });
  lane.on = true;
  expect([target, id, lane.answered]).toEqual([target, id, byLane]);
  await eventually(async () => expect(await countedRequests(app, target)).toBe(counted + 1));
  const line = await eventually(() => {
    const found = lines
      .map((text) => JSON.parse(text) as LogLine)
      .filter((logged) => logged.req?.id === id);
    expect(found).toHaveLength(1);
    return defined(found[0], 'the log line');
  });
  return { id, res, line };
}

/** What must be equal in two log lines of the same request: all but the id, time and duration. */
function logShape(line: LogLine) {
  return {
    fields: Object.keys(line).sort(),
    reqFields: Object.keys(line.req ?? {}).sort(),
    level: line.level,
    msg: line.msg,
    method: line.req?.method,
    url: line.req?.url,
    status: line.res?.statusCode,
  };
}

/** Headers that must be equal: all but the date and the request id (each request has its own). */
function comparableHeaders(res: Response, { withoutSetCookie = false } = {}) {
  const headers = { ...(res.headers as Record<string, unknown>) };
  delete headers.date;
  delete headers['x-request-id'];
  if (withoutSetCookie) delete headers['set-cookie'];
  return headers;
}

function expectSameAnswer(
  target: string,
  stack: Answered,
  lane: Answered,
  { rollsCookie }: { rollsCookie: boolean },
) {
  expect([target, lane.res.status]).toEqual([target, stack.res.status]);
  expect([target, lane.res.text]).toEqual([target, stack.res.text]);
  expect([target, lane.res.headers['x-request-id']]).toEqual([target, lane.id]);
  expect([target, stack.res.headers['x-request-id']]).toEqual([target, stack.id]);
  if (rollsCookie) {
    // The rolling session cookie is the full stack's alone (server/ssr/kept-api.ts).
    expect(stack.res.headers['set-cookie']).toBeDefined();
    expect(lane.res.headers['set-cookie']).toBeUndefined();
  }
  expect([target, comparableHeaders(lane.res, { withoutSetCookie: rollsCookie })]).toEqual([
    target,
    comparableHeaders(stack.res, { withoutSetCookie: rollsCookie }),
  ]);
  expect([target, logShape(lane.line)]).toEqual([target, logShape(stack.line)]);
}

/**
 * Kept first (retried: a change notice of the writes that made the data may drop what the first
 * read kept), then GET `target` from the full stack and from the lane, plainly and with
 * If-None-Match: the two answers must be the same. Returns the lane's plain answer.
 */
async function expectParity(
  app: Express,
  lines: string[],
  target: string,
  {
    headers = {},
    rollsCookie = false,
  }: { headers?: Record<string, string>; rollsCookie?: boolean },
): Promise<Response> {
  const lane = laneOf(app);
  await eventually(async () => {
    await request(app).get(target).set(headers).expect(200);
    expect([target, lane.answered]).toEqual([target, true]);
  });
  const stack = await ask(app, lane, lines, false, target, headers);
  const fast = await ask(app, lane, lines, true, target, headers);
  expect([target, stack.res.status]).toEqual([target, 200]);
  expectSameAnswer(target, stack, fast, { rollsCookie });

  const conditional = { ...headers, 'If-None-Match': defined(stack.res.headers.etag, 'ETag') };
  const stack304 = await ask(app, lane, lines, false, target, conditional);
  const fast304 = await ask(app, lane, lines, true, target, conditional);
  expect([target, stack304.res.status]).toEqual([target, 304]);
  expectSameAnswer(target, stack304, fast304, { rollsCookie });
  return fast.res;
}

describe('the fast lane answers as the full stack', () => {
  /** The two forms of an answer a browser may ask for. */
  const ENCODINGS: [string, Record<string, string>][] = [
    ['gzipped', {}],
    ['plain', { 'Accept-Encoding': 'identity' }],
  ];

  it.each(ENCODINGS)('a kept concert page (%s)', async (_form, headers) => {
    const { id } = await aConcert();
    const lines: string[] = [];
    const app = await keepingApp(lines);
    const pagePath = await keptPagePath(app, id);
    const res = await expectParity(app, lines, pagePath, { headers });
    expect(res.text).toContain('Los Planetas');
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it.each(['/conciertos', '/', '/robots.txt', '/sitemap.xml'])('%s', async (target) => {
    await aConcert();
    const lines: string[] = [];
    const app = await keepingApp(lines);
    await expectParity(app, lines, target, {});
  });

  it.each(ENCODINGS)('GET /api/concerts for a visitor (%s)', async (_form, headers) => {
    const { id } = await aConcert();
    const lines: string[] = [];
    const app = await keepingApp(lines);
    const res = await expectParity(app, lines, '/api/concerts', { headers });
    expect(res.body.concerts).toEqual([expect.objectContaining({ id, recommendation: null })]);
  });

  it('GET /api/concerts for a signed-in fan', async () => {
    const { id } = await aConcert();
    const lines: string[] = [];
    const app = await keepingApp(lines, BEHIND_PROXY);
    const { cookie, userId } = await signIn(app);
    await scoreFor(userId, id);
    const res = await expectParity(app, lines, '/api/concerts', {
      headers: { ...OVER_HTTPS, Cookie: cookie },
      rollsCookie: true,
    });
    expect(res.body.concerts).toEqual([
      expect.objectContaining({ id, recommendation: expect.objectContaining({ score: 'high' }) }),
    ]);
  });

  it.each([
    ['?lang=ca', '/api/concerts?lang=ca', {}],
    ['the lang cookie', '/api/concerts', { Cookie: 'lang=ca' }],
    ['Accept-Language', '/api/concerts', { 'Accept-Language': 'ca-ES,ca;q=0.9' }],
  ])('GET /api/concerts in Catalan for a visitor (%s)', async (_by, target, headers) => {
    const { id } = await aConcert();
    await describedInBoth(id);
    const lines: string[] = [];
    const app = await keepingApp(lines);
    // The Spanish copy kept first: the Catalan reader must not get it.
    await expectParity(app, lines, '/api/concerts', {});
    const res = await expectParity(app, lines, target, { headers });
    expect(res.body.concerts).toEqual([
      expect.objectContaining({ id, descriptionShort: 'Rock de primera.' }),
    ]);
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language, X-Page-Lang');
  });

  it('GET /api/concerts for a signed-in fan who reads Catalan', async () => {
    const { id } = await aConcert();
    await describedInBoth(id);
    const lines: string[] = [];
    const app = await keepingApp(lines, BEHIND_PROXY);
    const { cookie, userId } = await signIn(app);
    await scoreFor(userId, id);
    await database.db
      .updateTable('users')
      .set({ locale: 'ca' })
      .where('user_id', '=', userId)
      .execute();
    const res = await expectParity(app, lines, '/api/concerts', {
      headers: { ...OVER_HTTPS, Cookie: cookie, 'Accept-Language': 'es' },
      rollsCookie: true,
    });
    expect(res.body.concerts).toEqual([
      expect.objectContaining({ id, descriptionShort: 'Rock de primera.' }),
    ]);
  });

  it('GET /api/concerts/likes', async () => {
    const { id } = await aConcert();
    await database.db
      .updateTable('concerts')
      .set({ like_count: 3, going_count: 2 })
      .where('id', '=', id)
      .execute();
    const lines: string[] = [];
    const app = await keepingApp(lines);
    const res = await expectParity(app, lines, '/api/concerts/likes', {});
    expect(res.body).toEqual({ likeCounts: { [id]: 3 }, goingCounts: { [id]: 2 } });
  });
});

describe('the session cookie in the fast lane', () => {
  const OLD = 'old-session-secret-old-session-secret-0123';
  const NEW = 'new-session-secret-new-session-secret-4567';

  it('is accepted signed with SESSION_SECRET_PREVIOUS; a forged one falls through to the full stack', async () => {
    const { id } = await aConcert();
    const env = { PUBLIC_URL, ...BEHIND_PROXY, SESSION_SECRET: OLD };
    const { cookie, userId } = await signIn(createTestApp({ database, clock, env }).app);
    await scoreFor(userId, id);
    const app = await keepingApp([], {
      ...BEHIND_PROXY,
      SESSION_SECRET: NEW,
      SESSION_SECRET_PREVIOUS: OLD,
    });
    const lane = laneOf(app);
    const agenda = async (withCookie: string) => {
      const res = await request(app)
        .get('/api/concerts')
        .set({ ...OVER_HTTPS, Cookie: withCookie })
        .expect(200);
      return res.body.concerts[0].recommendation as { score: string } | null;
    };

    // Cached by the full stack's first answer, then the lane's own.
    await eventually(async () => {
      expect(await agenda(cookie)).toMatchObject({ score: 'high' });
      expect(lane.answered).toBe(true);
    });

    // The same session id, cached here: only the signature tells the fan from a forger.
    const [name = '', value = ''] = cookie.split('=');
    const sid = decodeURIComponent(value).slice(2).split('.')[0] ?? '';
    const forged = [
      `s:${sign(sid, 'a-secret-this-app-does-not-have-0123456789')}`,
      `s:${sid}.${'A'.repeat(43)}`,
      `s:${sid}`,
      sid,
    ];
    for (const forgery of forged) {
      const forgedCookie = `${name}=${encodeURIComponent(forgery)}`;
      expect([forgery, await agenda(forgedCookie)]).toEqual([forgery, null]);
      expect([forgery, lane.answered]).toEqual([forgery, false]);
      const session = await request(app).get('/api/session').set('Cookie', forgedCookie);
      expect(session.body.user).toBeNull();
      await request(app).get('/api/profile').set('Cookie', forgedCookie).expect(401);
    }
    // The fan's own cookie still goes through the lane.
    expect(await agenda(cookie)).toMatchObject({ score: 'high' });
    expect(lane.answered).toBe(true);
  });
});

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

describe('kept answers', () => {
  it('carry the same security headers as any other answer, and a request id', async () => {
    const { id } = await aConcert();
    const app = await keepingApp();
    const lane = laneOf(app);
    const pagePath = await keptPagePath(app, id);
    const stack = await request(app).get('/api/config').expect(200);
    const targets = [
      pagePath,
      '/conciertos',
      '/robots.txt',
      '/api/concerts',
      '/api/concerts/likes',
    ];
    for (const target of targets) {
      await request(app).get(target).expect(200); // built and kept
      const res = await request(app).get(target).set('X-Request-Id', 'peticion-1').expect(200);
      expect([target, lane.answered]).toEqual([target, true]);
      for (const header of SECURITY_HEADERS) {
        expect([target, header, res.headers[header]]).toEqual([
          target,
          header,
          defined(stack.headers[header], header),
        ]);
      }
      expect(res.headers['content-security-policy']).toContain(
        'frame-src https://open.spotify.com;',
      );
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toBe('peticion-1');
      const fresh = await request(app).get(target).set('X-Request-Id', 'no valid!').expect(200);
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('are gzipped when asked, with ETag, 304 to If-None-Match and no body to HEAD', async () => {
    const { id } = await aConcert();
    const app = await keepingApp();
    const pagePath = await keptPagePath(app, id);
    const plain = await request(app).get(pagePath).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('Los Planetas');

    const zipped = await rawBody(
      request(app).get(pagePath).set('Accept-Encoding', 'gzip, deflate, br'),
    ).expect(200);
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
    const feed = await startFeed();
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

  it('leave the log line pino-http leaves (a query hidden), and are counted in the metrics', async () => {
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
