// /api/admin/overview: what needs the admin today (mounted by admin.routes.ts).
import express, { type Router } from 'express';
import { adminOverviewSchema } from '../../../common/admin/responses.js';
import { textsFor } from '../../i18n/intl.js';
import { route } from '../../lib/route.js';
import { adminOverview } from './overview.service.js';

export function overviewRouter(deps: Parameters<typeof adminOverview>[0]): Router {
  const router = express.Router();
  router.get(
    '/',
    route(
      { summary: 'Lo que necesita al administrador hoy', response: adminOverviewSchema },
      async (req, res) => {
        res.json(await adminOverview(deps, textsFor(req)));
      },
    ),
  );
  return router;
}
