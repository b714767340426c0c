import express, { type Router } from 'express';
import type { CarouselResponse } from '../../common/dto.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { findCarouselConcerts } from './concerts.repository.js';
import { toCarouselConcertDto } from './concerts.dto.js';
import { upcomingCutoff } from './upcoming.js';

export const CAROUSEL_SIZE = 20;

export function concertsRouter(deps: { db: Database; clock: Clock }): Router {
  const router = express.Router();
  router.get('/carousel', async (_req, res) => {
    const rows = await findCarouselConcerts(deps.db, upcomingCutoff(deps.clock), CAROUSEL_SIZE);
    const body: CarouselResponse = { concerts: rows.map(toCarouselConcertDto) };
    res.set('Cache-Control', 'public, max-age=60').json(body);
  });
  return router;
}
