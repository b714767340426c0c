// /api/admin/feedback: what fans think of the recommendations (mounted by admin.routes.ts).
import express, { type Router } from 'express';
import { adminFeedbackSchema } from '../../../common/admin/responses.js';
import type { Database } from '../../db/database.js';
import { route } from '../../lib/route.js';
import type { Clock } from '../../lib/time.js';
import { feedbackSummary } from './feedback-admin.service.js';

export function feedbackAdminRouter(deps: { db: Database; clock: Clock }): Router {
  const router = express.Router();
  const { db } = deps;
  router.get(
    '/',
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
  return router;
}
