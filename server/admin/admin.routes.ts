// /api/admin: the overview and the generation runs, the admin forms, their pickers, what fans
// think of the recommendations, and image uploads. Behind the one guard of everything under
// /api/admin (app.ts): an admin's session or the API token, and answers never stored.
import express, { type Response, type Router } from 'express';
import {
  bandCreateSchema,
  bandSearchSchema,
  concertCreateSchema,
  concertSearchSchema,
  linkCreateSchema,
  type AdminCreatedResponse,
  type AdminMessageResponse,
} from '../../common/admin.js';
import type { AgendaCatalog } from '../concerts/agenda-catalog.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { textsFor } from '../i18n/intl.js';
import { route } from '../lib/route.js';
import type { Clock } from '../lib/time.js';
import { uploadRouter } from '../uploads/upload.routes.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { RecommendationRunner } from '../recommendations/runner.js';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { actorOf } from './writes/actor.js';
import { catalogAdminRouter } from './catalog-admin.routes.js';
import { bandOptions, createBand } from './bands/bands-admin.service.js';
import { concertOptions, createConcert, createLink } from './concerts/concerts-admin.service.js';
import { concertsAdminRouter } from './concerts/concerts-admin.routes.js';
import { venueOptions } from './venues/venues-admin.service.js';
import { feedbackSummary } from './feedback/feedback-admin.service.js';
import { latestRunsOf } from './runs/admin-runs.service.js';
import { adminOverview } from './overview/overview.service.js';
import {
  adminBandSearchSchema,
  adminConcertSearchSchema,
  adminCreatedSchema,
  adminFeedbackSchema,
  adminOverviewSchema,
  adminRunsResponseSchema,
  adminVenuesResponseSchema,
  messageResponseSchema,
} from '../../common/responses.js';

export function adminRouter(deps: {
  db: Database;
  pool: pg.Pool;
  config: Config;
  clock: Clock;
  /** The agenda's cached concert data: every write here invalidates it. */
  catalog: AgendaCatalog;
  log: Logger;
  mailer: Mailer;
  /** Scores new and changed concerts (its engine decides: at once, or in the background). */
  runner: RecommendationRunner;
  boss?: PgBoss;
}): Router {
  const { db, config } = deps;
  const writeDeps = {
    db,
    pool: deps.pool,
    config,
    clock: deps.clock,
    log: deps.log,
    mailer: deps.mailer,
    runner: deps.runner,
    boss: deps.boss,
  };
  const router = express.Router();

  /** A form saved: the agenda's cached concert data is dropped before the 201 goes out. */
  const created = (res: Response, answer: AdminCreatedResponse | AdminMessageResponse) => {
    deps.catalog.invalidate();
    res.status(201).json(answer);
  };

  router.post(
    '/concerts',
    route(
      {
        body: concertCreateSchema,
        summary: 'Crear un concierto',
        response: adminCreatedSchema,
        status: 201,
      },
      async (req, res, { body }) => {
        const id = await createConcert(writeDeps, body, actorOf(req));
        created(res, { id, message: textsFor(req)('answer.admin.concertCreated', { id }) });
      },
    ),
  );
  router.post(
    '/bands',
    route(
      {
        body: bandCreateSchema,
        summary: 'Crear una banda',
        response: adminCreatedSchema,
        status: 201,
      },
      async (req, res, { body }) => {
        const id = await createBand(db, body);
        created(res, { id, message: textsFor(req)('answer.admin.bandCreated', { id }) });
      },
    ),
  );
  router.post(
    '/links',
    route(
      {
        body: linkCreateSchema,
        summary: 'Vincular una banda a un concierto',
        response: messageResponseSchema,
        status: 201,
      },
      async (req, res, { body }) => {
        await createLink(writeDeps, body);
        created(res, { message: textsFor(req)('answer.admin.linkCreated') });
      },
    ),
  );

  router.get(
    '/concerts/search',
    route(
      {
        query: concertSearchSchema,
        summary: 'Buscar conciertos para los selectores',
        response: adminConcertSearchSchema,
      },
      async (_req, res, { query }) => {
        res.json(await concertOptions(db, deps.clock, query));
      },
    ),
  );

  router.get(
    '/bands/search',
    route(
      {
        query: bandSearchSchema,
        summary: 'Buscar bandas para los selectores',
        response: adminBandSearchSchema,
      },
      async (_req, res, { query }) => {
        res.json(await bandOptions(db, query));
      },
    ),
  );

  router.get(
    '/venues',
    route(
      { summary: 'Salas para el formulario de conciertos', response: adminVenuesResponseSchema },
      async (_req, res) => {
        res.json(await venueOptions(db));
      },
    ),
  );

  router.get(
    '/feedback',
    route(
      {
        summary: 'Lo que opinan los fans: valoraciones de los últimos 30 días por motor y nivel',
        response: adminFeedbackSchema,
      },
      async (_req, res) => {
        res.json(await feedbackSummary(db, deps.clock));
      },
    ),
  );

  router.get(
    '/overview',
    route(
      { summary: 'Lo que necesita al administrador hoy', response: adminOverviewSchema },
      async (req, res) => {
        res.json(await adminOverview(deps, textsFor(req)));
      },
    ),
  );

  router.get(
    '/runs',
    route(
      {
        summary: 'La última generación de cada tipo (recomendaciones, descripciones)',
        response: adminRunsResponseSchema,
      },
      async (req, res) => {
        res.json({ runs: await latestRunsOf(db, textsFor(req)) });
      },
    ),
  );

  const saved = () => deps.catalog.invalidate();
  // The concert list and its edits; /concerts/search above stays the pickers' search.
  router.use('/concerts', concertsAdminRouter(writeDeps, saved));
  router.use(catalogAdminRouter(writeDeps, saved));

  router.use('/uploads', uploadRouter(config));
  return router;
}
