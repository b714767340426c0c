import express, { type Router } from 'express';
import type { BandNamesResponse } from '../../common/dto.js';
import type { Database } from '../db/database.js';

export function bandsRouter(db: Database): Router {
  const router = express.Router();
  // Names for the favourite-artist suggestions and the band search.
  router.get('/', async (_req, res) => {
    const rows = await db
      .selectFrom('bands')
      .select(['id', 'band_name'])
      .orderBy('band_name')
      .execute();
    const body: BandNamesResponse = {
      bands: rows.map((row) => ({ id: row.id, name: row.band_name })),
    };
    res.set('Cache-Control', 'public, max-age=300').json(body);
  });
  return router;
}
