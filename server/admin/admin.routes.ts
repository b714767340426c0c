// /api/admin: the admin forms, their pickers and image uploads. Every route needs an admin
// session or the API token (requireAdmin, once for the whole router).
import express, { type Router } from 'express';
import {
  SEARCH_LIMIT,
  bandCreateSchema,
  bandSearchSchema,
  concertCreateSchema,
  concertSearchSchema,
  linkCreateSchema,
  type AdminBandSearchResponse,
  type AdminConcertSearchResponse,
  type AdminCreatedResponse,
  type AdminMessageResponse,
  type AdminVenuesResponse,
  type BandCreateInput,
  type BandSearchInput,
  type ConcertCreateInput,
  type ConcertSearchInput,
  type LinkCreateInput,
} from '../../common/admin.js';
import { adminIdOf, requireAdmin } from '../auth/require-admin.js';
import type { AgendaCatalog } from '../concerts/agenda-catalog.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { input, validate } from '../lib/validate.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { uploadRouter } from '../uploads/upload.routes.js';
import { toConcertOptionDto, toVenueDto } from './admin.dto.js';
import { listVenues, searchBands, searchConcerts } from './admin.repository.js';
import { createBand, createConcert, createLink } from './admin.service.js';

export function adminRouter(deps: {
  db: Database;
  config: Config;
  clock: Clock;
  /** The agenda's cached concert data: every write here invalidates it. */
  catalog: AgendaCatalog;
}): Router {
  const { db, config } = deps;
  const router = express.Router();
  router.use(requireAdmin(config.admin.apiToken));
  // Admin answers depend on who asks and change with every form sent.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/concerts', validate({ body: concertCreateSchema }), async (req, res) => {
    const { body } = input<ConcertCreateInput>(res);
    const id = await createConcert(db, body, adminIdOf(req) ?? null);
    const answer: AdminCreatedResponse = { id, message: `Concierto creado con ID: ${id}` };
    deps.catalog.invalidate();
    res.status(201).json(answer);
  });

  router.post('/bands', validate({ body: bandCreateSchema }), async (_req, res) => {
    const { body } = input<BandCreateInput>(res);
    const id = await createBand(db, body);
    const answer: AdminCreatedResponse = { id, message: `Banda creada con ID: ${id}` };
    deps.catalog.invalidate();
    res.status(201).json(answer);
  });

  router.post('/links', validate({ body: linkCreateSchema }), async (_req, res) => {
    const { body } = input<LinkCreateInput>(res);
    await createLink(db, body);
    const answer: AdminMessageResponse = { message: 'Vínculo creado con éxito' };
    deps.catalog.invalidate();
    res.status(201).json(answer);
  });

  router.get('/concerts/search', validate({ query: concertSearchSchema }), async (_req, res) => {
    const { query } = input<unknown, ConcertSearchInput>(res);
    const today = madridDateTime(deps.clock()).day;
    const rows = await searchConcerts(db, query, today, SEARCH_LIMIT);
    const answer: AdminConcertSearchResponse = { concerts: rows.map(toConcertOptionDto) };
    res.json(answer);
  });

  router.get('/bands/search', validate({ query: bandSearchSchema }), async (_req, res) => {
    const { query } = input<unknown, BandSearchInput>(res);
    const rows = await searchBands(db, query.q, SEARCH_LIMIT);
    const answer: AdminBandSearchResponse = {
      bands: rows.map((row) => ({ id: row.id, name: row.band_name })),
    };
    res.json(answer);
  });

  router.get('/venues', async (_req, res) => {
    const answer: AdminVenuesResponse = { venues: (await listVenues(db)).map(toVenueDto) };
    res.json(answer);
  });

  router.use('/uploads', uploadRouter(config));
  return router;
}
