// /api/admin/runs: the last generation run of each kind (mounted by admin.routes.ts).
import express, { type Router } from 'express';
import { adminRunsResponseSchema } from '../../../common/admin/responses.js';
import type { Database } from '../../db/database.js';
import { textsFor } from '../../i18n/intl.js';
import { route } from '../../lib/route.js';
import { latestRunsOf } from './admin-runs.service.js';

export function runsRouter(deps: { db: Database }): Router {
  const router = express.Router();
  const { db } = deps;
  router.get(
    '/',
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
  return router;
}
