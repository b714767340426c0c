// /api/admin/submissions: the moderation queue. An admin's session or the API token
// (requireAdmin); a fan gets 403.
import express, { type Router } from 'express';
import {
  submissionEditSchema,
  submissionIdSchema,
  submissionListSchema,
  submissionRejectSchema,
} from '../../common/submissions.js';
import { actorOf } from '../admin/actor.js';
import type { AdminWriteDeps } from '../admin/concert-writes.js';
import { requireAdmin } from '../auth/require-admin.js';
import type { AgendaCatalog } from '../concerts/agenda-catalog.js';
import type { Config } from '../config.js';
import { route } from '../lib/route.js';
import {
  approveSubmission,
  editSubmission,
  rejectSubmission,
  submissionList,
} from './moderation.service.js';

export function moderationRouter(
  deps: AdminWriteDeps & {
    config: Config;
    /** The agenda's cached concert data: an approval adds a concert. */
    catalog: AgendaCatalog;
  },
): Router {
  const { db } = deps;
  const router = express.Router();
  router.use(requireAdmin(deps.config.admin.apiToken));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get(
    '/',
    route({ query: submissionListSchema }, async (_req, res, { query }) => {
      res.json(await submissionList(db, query.status));
    }),
  );
  router.put(
    '/:id',
    route({ params: submissionIdSchema, body: submissionEditSchema }, async (_req, res, input) => {
      res.json(await editSubmission(db, input.params.id, input.body));
    }),
  );
  router.post(
    '/:id/approve',
    route({ params: submissionIdSchema }, async (req, res, { params }) => {
      const answer = await approveSubmission(deps, params.id, actorOf(req));
      deps.catalog.invalidate();
      res.json(answer);
    }),
  );
  router.post(
    '/:id/reject',
    route(
      { params: submissionIdSchema, body: submissionRejectSchema },
      async (req, res, { params, body }) => {
        res.json(await rejectSubmission(deps, params.id, body.reason, actorOf(req)));
      },
    ),
  );
  return router;
}
