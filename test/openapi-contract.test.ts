// The OpenAPI contract, answer by answer: every operation of the document declares what it answers
// (a JSON schema, a media type that is not JSON, or a status without a body), every route the
// Express app has is in it, and real answers of the JSON routes match their declared schemas.
// (Every API test also checks its answers against the document, helpers/contract.ts; there a
// route without a schema passes unchecked, here it fails.)
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { expressRoutes } from '../server/lib/express-routes.js';
import { route } from '../server/lib/route.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../server/openapi/document.js';
import { createTestApp, fullTestApp } from './helpers/app.js';
import { declaredAnswer } from './helpers/contract.js';
import { ADMIN_EDIT_TABLES, useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createVenue } from './helpers/factories.js';
import { signedInAgent } from './helpers/session.js';

const API_TOKEN = 'token-de-administracion-del-contrato';

const database = useTestDatabase({
  cleared: ['band_submissions', 'calendar_feeds', ...ADMIN_EDIT_TABLES, 'rate_limits'],
});

interface DocumentedAnswer {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}

const isEmpty = (schema: unknown) => schema === undefined || JSON.stringify(schema) === '{}';

/**
 * Every operation whose own answer (its 2xx and 3xx, or the one status it declares) is not
 * declared, as "METHOD path status: why". A body needs a media type, and JSON needs a schema; 204
 * and redirects have no body. Errors are the error shape: 4XX and 5XX on every operation.
 */
function undeclaredAnswers(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const operations = item as Record<string, { responses: Record<string, DocumentedAnswer> }>;
    for (const [method, { responses }] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(responses).filter((status) => /^\d+$/.test(status));
      const own = statuses.filter((status) => Number(status) < 400);
      for (const status of own.length > 0 ? own : statuses.slice(0, 1)) {
        const answer = responses[status]!;
        const media = Object.keys(answer.content ?? {});
        if (!answer.description) problems.push(`${where} ${status}: sin descripción`);
        const bodiless = status === '204' || status.startsWith('3');
        if (media.length === 0 && !bodiless) problems.push(`${where} ${status}: sin cuerpo`);
      }
      if (statuses.length === 0) problems.push(`${where}: ninguna respuesta`);
      for (const [status, answer] of Object.entries(responses)) {
        const json = answer.content?.['application/json'];
        if (json && isEmpty(json.schema)) problems.push(`${where} ${status}: JSON sin esquema`);
      }
      for (const errors of ['4XX', '5XX'])
        if (!responses[errors]?.content?.['application/json'])
          problems.push(`${where}: sin ${errors}`);
    }
  }
  return problems;
}

const fullApp = () => fullTestApp(database);

describe('every operation declares its answer', () => {
  it('in the document of the app with every router on, and of the plain app', async () => {
    const served = await request(fullApp()).get('/api/openapi.json').expect(200);
    const document = served.body as OpenApiDocument;
    expect(Object.keys(document.paths ?? {}).length).toBeGreaterThan(80);
    expect(undeclaredAnswers(document)).toEqual([]);
    // Sign-in providers off: their routes only answer 404, in the error shape.
    const plain = createTestApp({ database }).app;
    expect(undeclaredAnswers(buildOpenApiDocument(plain))).toEqual([]);
  });

  it('for every route registered in Express', () => {
    for (const app of [fullApp(), createTestApp({ database }).app]) {
      const paths = buildOpenApiDocument(app).paths ?? {};
      const routes = expressRoutes(app);
      expect(routes.length).toBeGreaterThan(80);
      const missing = routes
        .filter(
          (r) =>
            (paths[r.template] as Record<string, unknown> | undefined)?.[r.method] === undefined,
        )
        .map((r) => `${r.method.toUpperCase()} ${r.path}`);
      expect(missing).toEqual([]);
    }
  });

  it('finds the routes that do not: no response, JSON without a schema, no error shape', () => {
    const app = express();
    const declared = z.object({ ok: z.boolean() });
    app.get(
      '/declared',
      route({ response: declared }, (_q, r) => r.json({ ok: true })),
    );
    app.get(
      '/page',
      route({ response: 'Página', contentType: 'text/html' }, (_q, r) => r.end()),
    );
    app.delete(
      '/gone',
      route({ status: 204 }, (_q, r) => r.end()),
    );
    app.get(
      '/moved',
      route({ status: 302 }, (_q, r) => r.end()),
    );
    app.get(
      '/silent',
      route({ summary: 'Sin respuesta' }, (_q, r) => r.end()),
    );
    app.get(
      '/vague',
      route({ response: 'Algo en JSON' }, (_q, r) => r.end()),
    );
    app.post(
      '/made',
      route({ status: 201 }, (_q, r) => r.end()),
    );
    const document = buildOpenApiDocument(app);
    expect(undeclaredAnswers(document)).toEqual([
      'GET /silent 200: sin cuerpo',
      'GET /vague 200: JSON sin esquema',
      'POST /made 201: sin cuerpo',
    ]);
    const page = document.paths!['/page']!.get!;
    delete (page.responses as Record<string, unknown>)['5XX'];
    expect(undeclaredAnswers(document)).toEqual([
      'GET /page: sin 5XX',
      'GET /silent 200: sin cuerpo',
      'GET /vague 200: JSON sin esquema',
      'POST /made 201: sin cuerpo',
    ]);
  });
});

type Method = 'get' | 'post' | 'put' | 'patch';

describe('real answers match the declared schemas', () => {
  const newApp = () => createTestApp({ database, env: { ADMIN_API_TOKEN: API_TOKEN } }).app;

  /** The declared schema for this answer: it must exist, and the body must match it. */
  function expectDeclared(
    app: express.Express,
    res: request.Response,
    method: string,
    path: string,
  ) {
    const declared = declaredAnswer(app, method, path, res.status);
    const where = `${method.toUpperCase()} ${path} → ${res.status}`;
    expect([where, declared.schema !== undefined]).toEqual([where, true]);
    const result = declared.schema!.safeParse(res.body);
    expect([where, result.error?.issues ?? []]).toEqual([where, []]);
  }

  /** Asks `path` and checks the answer against the document (the status first). */
  async function answer(
    app: express.Express,
    agent: Record<Method, (url: string) => request.Test>,
    method: Method,
    path: string,
    status: number,
    options: { body?: object; admin?: boolean } = {},
  ) {
    let call = agent[method](path);
    if (options.admin) call = call.set('X-Admin-Token', API_TOKEN);
    const res = await (options.body ? call.send(options.body) : call);
    expect([method, path, res.status]).toEqual([method, path, status]);
    expectDeclared(app, res, method, path);
    return res;
  }

  async function someConcerts() {
    const venue = await createVenue(database.db, { name: 'Es Gremi', address: 'Carrer Gremi 16' });
    const band = await createBand(database.db, { band_name: 'Los Planetas' });
    const concert = await createConcert(database.db, {
      venue: 'Es Gremi',
      venue_id: venue.id,
      bandIds: [band.id],
    });
    await createConcert(database.db, { venue: 'Es Gremi', venue_id: venue.id, bandname: 'Noche' });
    return { venue, band, concert };
  }

  it('for a visitor: a concert, the agenda, the counts, the forms, the document', async () => {
    const app = newApp();
    const { concert } = await someConcerts();
    const visitor = request(app);
    await answer(app, visitor, 'get', `/api/concerts/${concert.id}`, 200);
    await answer(app, visitor, 'get', '/api/concerts/2147483000', 404);
    const agenda = await answer(app, visitor, 'get', '/api/concerts', 200);
    expect(agenda.body.concerts).toHaveLength(2);
    await answer(app, visitor, 'get', '/api/concerts/likes', 200);
    await answer(app, visitor, 'get', '/api/concerts/carousel', 200);
    await answer(app, visitor, 'get', '/api/bands', 200);
    await answer(app, visitor, 'get', '/api/submissions/form', 200);
    await answer(app, visitor, 'get', '/api/openapi.json', 200);
    await answer(app, visitor, 'get', '/api/profile', 401);
  });

  it('for a fan: their concert, agenda, profile and calendar', async () => {
    const app = newApp();
    const { concert } = await someConcerts();
    const { agent } = await signedInAgent(app, database.db);
    const path = `/api/concerts/${concert.id}`;
    await answer(app, agent, 'put', `${path}/like`, 200, { body: { liked: true } });
    const page = await answer(app, agent, 'get', path, 200);
    expect(page.body.recommendation).toMatchObject({ liked: true });
    const agenda = await answer(app, agent, 'get', '/api/concerts', 200);
    expect(agenda.body.concerts).toHaveLength(2);
    await answer(app, agent, 'get', '/api/profile', 200);
    await answer(app, agent, 'get', '/api/profile/sessions', 200);
    await answer(app, agent, 'get', '/api/profile/calendar', 200);
    await answer(app, agent, 'post', '/api/profile/calendar/token', 201, { body: {} });
    await answer(app, agent, 'patch', '/api/profile/calendar', 200, {
      body: { includeExtreme: true },
    });
  });

  it('for an admin: the lists, a concert, an edit, the audit log, the queue', async () => {
    const app = newApp();
    const { concert } = await someConcerts();
    await database.db
      .insertInto('band_submissions')
      .values({
        band_name: 'Joana i els Fans',
        contact_email: 'joana@example.com',
        genre: 'Rock',
        day: '2030-07-01',
        hour: '20:00',
        venue_name: 'Es Gremi',
        price: '10',
        confirmed_at: new Date(),
      })
      .execute();
    const admin = { admin: true };
    const token = request(app);
    const path = `/api/admin/concerts/${concert.id}`;
    await answer(app, token, 'patch', path, 200, { ...admin, body: { price: '20' } });
    await answer(app, token, 'get', path, 200, admin);
    await answer(app, token, 'get', '/api/admin/concerts/2147483000', 404, admin);
    for (const list of ['concerts', 'bands', 'audit']) {
      const page = await answer(app, token, 'get', `/api/admin/${list}`, 200, admin);
      expect([list, page.body.items.length > 0]).toEqual([list, true]);
    }
    const venues = await answer(app, token, 'get', '/api/admin/venues', 200, admin);
    expect(venues.body.venues.length).toBeGreaterThan(0);
    await answer(app, token, 'get', '/api/admin/venues/managed', 200, admin);
    const queue = await answer(app, token, 'get', '/api/admin/submissions', 200, admin);
    expect(queue.body.submissions).toHaveLength(1);
    await answer(app, token, 'get', '/api/admin/overview', 200, admin);
    await answer(app, token, 'get', '/api/admin/feedback', 200, admin);
    await answer(app, token, 'get', '/api/admin/runs', 200, admin);
  });

  it('and the calendar files come in a media type their operation declares', async () => {
    const app = newApp();
    const { concert } = await someConcerts();
    for (const [path, type] of [
      [`/calendario/conciertos/${concert.id}.ics`, 'text/calendar'],
      ['/calendario/generos/rock.ics', 'text/calendar'],
      ['/calendario/generos/rock.rss', 'application/rss+xml'],
    ] as const) {
      const res = await request(app).get(path).expect(200);
      expect(res.headers['content-type']).toContain(type);
      expect([path, declaredAnswer(app, 'get', path, 200).mediaTypes]).toEqual([
        path,
        expect.arrayContaining([type]),
      ]);
    }
  });
});
