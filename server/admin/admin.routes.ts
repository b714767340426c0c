// /api/admin: each entity's routes under its own path, and image uploads. Behind the one guard of
// everything under /api/admin (app.ts): an admin's session or the API token, answers never stored.
import express, { type Router } from 'express';
import type { AgendaCatalog } from '../concerts/agenda-catalog.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { uploadRouter } from '../uploads/upload.routes.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { RecommendationRunner } from '../recommendations/runner.js';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { auditRouter } from './audit/audit.routes.js';
import { bandsAdminRouter } from './bands/bands-admin.routes.js';
import { concertsAdminRouter, linksAdminRouter } from './concerts/concerts-admin.routes.js';
import { feedbackAdminRouter } from './feedback/feedback-admin.routes.js';
import { overviewRouter } from './overview/overview.routes.js';
import { runsRouter } from './runs/admin-runs.routes.js';
import { venuesAdminRouter } from './venues/venues-admin.routes.js';

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
  /** A form saved: the agenda's cached concert data is dropped before the answer goes out. */
  const saved = () => deps.catalog.invalidate();

  router.use('/concerts', concertsAdminRouter(writeDeps, saved));
  router.use('/links', linksAdminRouter(writeDeps, saved));
  router.use('/bands', bandsAdminRouter(writeDeps, saved));
  router.use('/venues', venuesAdminRouter(writeDeps, saved));
  router.use('/audit', auditRouter(deps));
  router.use('/feedback', feedbackAdminRouter(deps));
  router.use('/overview', overviewRouter(deps));
  router.use('/runs', runsRouter(deps));
  router.use('/uploads', uploadRouter(config));
  return router;
}
