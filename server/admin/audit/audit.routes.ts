// /api/admin/audit: the admin's change log, newest first (mounted by admin.routes.ts).
import express, { type Router } from 'express';
import { auditListSchema } from '../../../common/admin/schemas.js';
import { adminAuditPageSchema } from '../../../common/admin/responses.js';
import type { Database } from '../../db/database.js';
import { route } from '../../lib/route.js';
import { auditPage } from '../writes/audit.js';

export function auditRouter(deps: { db: Database }): Router {
  const router = express.Router();
  router.get(
    '/',
    route(
      {
        query: auditListSchema,
        summary: 'El registro de cambios del administrador, lo más reciente primero',
        response: adminAuditPageSchema,
      },
      async (_req, res, { query }) => {
        res.json(await auditPage(deps.db, query.page));
      },
    ),
  );
  return router;
}
