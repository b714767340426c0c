// /api/admin/bands/..., /api/admin/venues/..., /api/admin/audit: the band and venue lists, their
// edits, and the audit log (mounted by admin.routes.ts behind requireAdmin).
import express, { type Router } from 'express';
import {
  auditListSchema,
  bandListSchema,
  bandMergeSchema,
  bandUpdateSchema,
  idParamsSchema,
  venueCreateSchema,
  venueListSchema,
  venueUpdateSchema,
} from '../../common/admin.js';
import { route } from '../lib/route.js';
import { adminWrites } from './writes/actor.js';
import { auditPage } from './writes/audit.js';
import { deleteBand, listAdminBands, mergeBands, updateBand } from './bands/bands-admin.service.js';
import type { AdminWriteDeps } from './writes/concert-writes.js';
import {
  createVenue,
  deleteVenue,
  listManagedVenues,
  updateVenue,
} from './venues/venues-admin.service.js';

export function catalogAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const params = idParamsSchema;
  const write = adminWrites(saved);

  router.get(
    '/bands',
    route({ query: bandListSchema }, async (_req, res, { query }) => {
      res.json(await listAdminBands(deps, query));
    }),
  );
  router.patch(
    '/bands/:id',
    write({ params, body: bandUpdateSchema }, ({ params, body }, actor) =>
      updateBand(deps, params.id, body, actor),
    ),
  );
  router.post(
    '/bands/:id/merge',
    write({ params, body: bandMergeSchema }, ({ params, body }, actor) =>
      mergeBands(deps, params.id, body.intoId, actor),
    ),
  );
  router.delete(
    '/bands/:id',
    write({ params }, async ({ params }, actor, t) => {
      await deleteBand(deps, params.id, actor);
      return { message: t('answer.admin.bandDeleted') };
    }),
  );

  router.get(
    '/venues/managed',
    route({ query: venueListSchema }, async (_req, res, { query }) => {
      res.json(await listManagedVenues(deps.db, query.q));
    }),
  );
  router.post(
    '/venues',
    write({ body: venueCreateSchema, status: 201 }, ({ body }, actor) =>
      createVenue(deps.db, body, actor),
    ),
  );
  router.patch(
    '/venues/:id',
    write({ params, body: venueUpdateSchema }, ({ params, body }, actor) =>
      updateVenue(deps.db, params.id, body, actor),
    ),
  );
  router.delete(
    '/venues/:id',
    write({ params }, async ({ params }, actor, t) => {
      await deleteVenue(deps.db, params.id, actor);
      return { message: t('answer.admin.venueDeleted') };
    }),
  );

  router.get(
    '/audit',
    route({ query: auditListSchema }, async (_req, res, { query }) => {
      res.json(await auditPage(deps.db, query.page));
    }),
  );
  return router;
}
