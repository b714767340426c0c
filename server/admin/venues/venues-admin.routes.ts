// /api/admin/venues/...: the concert forms' venue list, the managed list and its edits (mounted by
// admin.routes.ts behind the one admin guard).
import express, { type Router } from 'express';
import {
  idParamsSchema,
  venueCreateSchema,
  venueListSchema,
  venueUpdateSchema,
} from '../../../common/admin/schemas.js';
import {
  adminManagedVenueSchema,
  adminManagedVenuesResponseSchema,
  adminVenuesResponseSchema,
} from '../../../common/admin/responses.js';
import { messageResponseSchema } from '../../../common/api/responses.js';
import { route } from '../../lib/route.js';
import { adminWrites } from '../writes/actor.js';
import type { AdminWriteDeps } from '../writes/concert-writes.js';
import {
  createVenue,
  deleteVenue,
  listManagedVenues,
  updateVenue,
  venueOptions,
} from './venues-admin.service.js';

const VENUE_DUPLICATE = { 409: 'Ya hay una sala con ese nombre' };

export function venuesAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const params = idParamsSchema;
  const write = adminWrites(saved);
  const { db } = deps;

  router.get(
    '/',
    route(
      { summary: 'Salas para el formulario de conciertos', response: adminVenuesResponseSchema },
      async (_req, res) => {
        res.json(await venueOptions(db));
      },
    ),
  );

  router.get(
    '/managed',
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
    '/',
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
    '/:id',
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
    '/:id',
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
  return router;
}
