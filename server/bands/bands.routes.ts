import express, { type Router } from 'express';
import type { Database } from '../db/database.js';
import { bandNames } from './bands.service.js';
import { bandNamesResponseSchema } from '../../common/concerts/responses.js';
import { route } from '../lib/route.js';

export function bandsRouter(db: Database): Router {
  const router = express.Router();
  // Names for the favourite-artist suggestions and the band search.
  router.get(
    '/',
    route(
      {
        summary: 'Nombres de todas las bandas, para sugerencias',
        response: bandNamesResponseSchema,
      },
      async (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300').json(await bandNames(db));
      },
    ),
  );
  return router;
}
