// The OpenAPI contract: every route the Express app really has (read from its router stack) is in
// the document the app serves, with its schemas; the document is served and rendered. Every other
// API test checks its responses against the same document (helpers/contract.ts).
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { expressRoutes } from '../server/lib/express-routes.js';
import { route } from '../server/lib/route.js';
import { buildOpenApiDocument, documentedRoutes } from '../server/openapi/document.js';
import { fullTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';

const database = useTestDatabase();

const fullApp = () => fullTestApp(database);

describe('the OpenAPI document', () => {
  it('lists every route registered in Express, method by method', async () => {
    const app = fullApp();
    const res = await request(app).get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const routes = expressRoutes(app);
    expect(routes.map((r) => r.path)).toContain('/api/generateRecommendations');
    // The walk finds the routers' routes, not a handful: a broken walk would pass vacuously.
    expect(routes.length).toBeGreaterThan(35);
    const missing = routes
      .filter((r) => paths[r.template]?.[r.method] === undefined)
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(missing).toEqual([]);
    // And nothing more: each documented operation is a route of the app.
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [...new Set(routes.map((r) => `${r.method} ${r.template}`))].sort(),
    );
  });

  it('carries the request schemas, the response schemas and who may call', async () => {
    const res = await request(fullApp()).get('/api/openapi.json').expect(200);
    const like = res.body.paths['/api/concerts/{id}/like'].put;
    expect(like.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    ]);
    expect(like.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { liked: { type: 'boolean' } },
      required: ['liked'],
    });
    expect(like.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/LikeResponse',
    });
    expect(like.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(like.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '4XX', '5XX']),
    );
    const venues = res.body.paths['/api/admin/venues'].get;
    expect(venues.security).toEqual([{ sessionCookie: [] }, { adminToken: [] }]);
    expect(Object.keys(venues.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(res.body.paths['/api/concerts/carousel'].get.security).toEqual([]);
    expect(res.body.components.schemas.Error).toBeDefined();
  });

  it('reports a route whose handler was not made by route(): it would be missing', () => {
    const app = express();
    app.get(
      '/described',
      route({ summary: 'Descrita', response: z.object({}) }, (_q, r) => r.end()),
    );
    app.get('/plain', (_req, res) => res.end());
    const found = documentedRoutes(app).map((r) => [r.path, r.schemas !== undefined]);
    expect(found).toEqual([
      ['/described', true],
      ['/plain', false],
    ]);
    expect(Object.keys(buildOpenApiDocument(app).paths ?? {})).toEqual(['/described']);
  });

  it('is rendered at /api/docs by Swagger UI, under a CSP that allows only its own files', async () => {
    const app = fullApp();
    const page = await request(app).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('/api/docs/swagger-ui-bundle.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // The pages' frame source (Spotify's player) is not the docs' business.
    expect(csp).not.toMatch(/frame-src|spotify/);
    await request(app)
      .get('/api/docs/start.js')
      .expect(200)
      .expect('Content-Type', /javascript/);
    const bundle = await request(app).get('/api/docs/swagger-ui-bundle.js').expect(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
    // No session needed: the document says what the public source says (see openapi.routes.ts).
    await request(app).get('/api/openapi.json').expect(200);
  });

  it("serves only the files the docs page loads, none of the package's others", async () => {
    const app = fullApp();
    const page = await request(app).get('/api/docs').expect(200);
    const loaded = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(loaded.sort()).toEqual([
      '/api/docs/start.js',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
    ]);
    for (const url of loaded) await request(app).get(url!).expect(200);
    for (const file of [
      'swagger-initializer.js',
      'oauth2-redirect.html',
      'oauth2-redirect.js',
      'index.html',
      'index.css',
      'swagger-ui.js',
      'swagger-ui-bundle.js.map',
      'swagger-ui-standalone-preset.js',
      'favicon-32x32.png',
      'package.json',
      'Swagger-UI.css',
      'swagger-ui.css/',
      '%73wagger-initializer.js',
    ]) {
      const res = await request(app).get(`/api/docs/${file}`);
      expect([file, res.status]).toEqual([file, 404]);
    }
  });
});
