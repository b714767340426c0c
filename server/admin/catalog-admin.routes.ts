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
import {
  adminAuditPageSchema,
  adminBandPageSchema,
  adminBandSchema,
  adminManagedVenueSchema,
  adminManagedVenuesResponseSchema,
  messageResponseSchema,
} from '../../common/responses.js';
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

const BAND_DUPLICATE = { 409: 'Ya hay una banda con ese nombre' };
const VENUE_DUPLICATE = { 409: 'Ya hay una sala con ese nombre' };

export function catalogAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const params = idParamsSchema;
  const write = adminWrites(saved);

  router.get(
    '/bands',
    route(
      {
        query: bandListSchema,
        summary: 'La lista de bandas del administrador, por páginas',
        response: adminBandPageSchema,
      },
      async (_req, res, { query }) => {
        res.json(await listAdminBands(deps, query));
      },
    ),
  );
  router.patch(
    '/bands/:id',
    write(
      {
        params,
        body: bandUpdateSchema,
        summary: 'Editar una banda',
        response: adminBandSchema,
        also: { 404: 'La banda no existe', ...BAND_DUPLICATE },
      },
      ({ params, body }, actor) => updateBand(deps, params.id, body, actor),
    ),
  );
  router.post(
    '/bands/:id/merge',
    write(
      {
        params,
        body: bandMergeSchema,
        summary: 'Fundir una banda en otra (sus conciertos y fans pasan a la que queda)',
        response: adminBandSchema,
        also: { 404: 'Alguna de las dos bandas no existe' },
      },
      ({ params, body }, actor) => mergeBands(deps, params.id, body.intoId, actor),
    ),
  );
  router.delete(
    '/bands/:id',
    write(
      {
        params,
        summary: 'Borrar una banda sin conciertos',
        response: messageResponseSchema,
        also: { 404: 'La banda no existe', 409: 'La banda tiene conciertos' },
      },
      async ({ params }, actor, t) => {
        await deleteBand(deps, params.id, actor);
        return { message: t('answer.admin.bandDeleted') };
      },
    ),
  );

  router.get(
    '/venues/managed',
    route(
      {
        query: venueListSchema,
        summary: 'Las salas, con sus datos y cuántos conciertos tienen',
        response: adminManagedVenuesResponseSchema,
      },
      async (_req, res, { query }) => {
        res.json(await listManagedVenues(deps.db, query.q));
      },
    ),
  );
  router.post(
    '/venues',
    write(
      {
        body: venueCreateSchema,
        summary: 'Crear una sala',
        response: adminManagedVenueSchema,
        status: 201,
        also: VENUE_DUPLICATE,
      },
      ({ body }, actor) => createVenue(deps.db, body, actor),
    ),
  );
  router.patch(
    '/venues/:id',
    write(
      {
        params,
        body: venueUpdateSchema,
        summary: 'Editar una sala (un nombre nuevo llega a sus conciertos)',
        response: adminManagedVenueSchema,
        also: { 404: 'La sala no existe', ...VENUE_DUPLICATE },
      },
      ({ params, body }, actor) => updateVenue(deps.db, params.id, body, actor),
    ),
  );
  router.delete(
    '/venues/:id',
    write(
      {
        params,
        summary: 'Borrar una sala sin conciertos',
        response: messageResponseSchema,
        also: { 404: 'La sala no existe', 409: 'La sala tiene conciertos' },
      },
      async ({ params }, actor, t) => {
        await deleteVenue(deps.db, params.id, actor);
        return { message: t('answer.admin.venueDeleted') };
      },
    ),
  );

  router.get(
    '/audit',
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
