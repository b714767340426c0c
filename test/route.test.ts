// route(): the one way a handler gets its input. Bad input never reaches the handler; good input
// arrives parsed (coerced, defaulted) and typed by the same schemas.
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { errorHandler } from '../server/lib/errors.js';
import { route } from '../server/lib/route.js';

function appWith(calls: unknown[]) {
  const app = express();
  app.use(express.json());
  app.post(
    '/things/:id',
    route(
      {
        params: z.strictObject({
          id: z.string().regex(/^\d+$/, 'error.admin.badId').transform(Number),
        }),
        query: z.strictObject({ page: z.coerce.number().int().default(1) }),
        body: z.strictObject({
          name: z.string('error.band.nameMissing').min(1, 'error.band.nameMissing'),
        }),
      },
      (_req, res, { params, query, body }) => {
        calls.push({ params, query, body });
        // Typed from the schemas: a number, a number and a string.
        res.json({ id: params.id + 1, page: query.page * 10, name: body.name.toUpperCase() });
      },
    ),
  );
  app.post(
    '/empty',
    route({ body: z.strictObject({}) }, (_req, _res, _input, next) => next()),
    (_req, res) => void res.status(204).end(),
  );
  app.use(errorHandler);
  return app;
}

test('hands the parsed, typed values to the handler', async () => {
  const calls: unknown[] = [];
  const res = await request(appWith(calls)).post('/things/41?page=2').send({ name: 'sa' });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ id: 42, page: 20, name: 'SA' });
  expect(calls).toEqual([{ params: { id: 41 }, query: { page: 2 }, body: { name: 'sa' } }]);
});

test.each([
  ['bad params', '/things/x', { name: 'sa' }, 'El identificador debe ser un número entero.'],
  ['bad body', '/things/1', { name: '' }, 'Indica el nombre de la banda.'],
  ['missing body field', '/things/1', {}, 'Indica el nombre de la banda.'],
])('%s: a Spanish 400 and the handler never runs', async (_case, url, body, message) => {
  const calls: unknown[] = [];
  const res = await request(appWith(calls)).post(url).send(body);
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: { code: 'bad_request', message } });
  expect(calls).toEqual([]);
});

test('a strict schema refuses unknown fields; next() goes on to the next handler', async () => {
  const app = appWith([]);
  expect((await request(app).post('/empty').send({})).status).toBe(204);
  const refused = await request(app).post('/empty').send({ extra: 1 });
  expect(refused.status).toBe(400);
  expect(refused.body.error.code).toBe('bad_request');
});
