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
import { actorOf } from './actor.js';
import { auditPage } from './audit.js';
import { deleteBand, listAdminBands, mergeBands, updateBand } from './bands-admin.service.js';
import type { AdminWriteDeps } from './concert-writes.js';
import {
  createVenue,
  deleteVenue,
  listManagedVenues,
  updateVenue,
} from './venues-admin.service.js';

export function catalogAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const params = idParamsSchema;

  router.get(
    '/bands',
    route({ query: bandListSchema }, async (_req, res, { query }) => {
      res.json(await listAdminBands(deps, query));
    }),
  );
  router.patch(
    '/bands/:id',
    route({ params, body: bandUpdateSchema }, async (req, res, { params, body }) => {
      const band = await updateBand(deps, params.id, body, actorOf(req));
      saved();
      res.json(band);
    }),
  );
  router.post(
    '/bands/:id/merge',
    route({ params, body: bandMergeSchema }, async (req, res, { params, body }) => {
      const band = await mergeBands(deps, params.id, body.intoId, actorOf(req));
      saved();
      res.json(band);
    }),
  );
  router.delete(
    '/bands/:id',
    route({ params }, async (req, res, { params }) => {
      await deleteBand(deps, params.id, actorOf(req));
      saved();
      res.json({ message: 'Banda borrada.' });
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
    route({ body: venueCreateSchema, status: 201 }, async (req, res, { body }) => {
      const venue = await createVenue(deps.db, body, actorOf(req));
      saved();
      res.status(201).json(venue);
    }),
  );
  router.patch(
    '/venues/:id',
    route({ params, body: venueUpdateSchema }, async (req, res, { params, body }) => {
      const venue = await updateVenue(deps.db, params.id, body, actorOf(req));
      saved();
      res.json(venue);
    }),
  );
  router.delete(
    '/venues/:id',
    route({ params }, async (req, res, { params }) => {
      await deleteVenue(deps.db, params.id, actorOf(req));
      saved();
      res.json({ message: 'Sala borrada.' });
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
