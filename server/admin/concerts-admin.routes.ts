// /api/admin/concerts/...: the admin's concert list and every edit (mounted by admin.routes.ts
// behind requireAdmin). Writes answer the saved concert, or 201 with the new id.
import express, { type Router } from 'express';
import {
  concertBandParamsSchema,
  concertBandSchema,
  concertDuplicateSchema,
  concertListSchema,
  concertUpdateSchema,
  idParamsSchema,
} from '../../common/admin.js';
import { route } from '../lib/route.js';
import { actorOf } from './actor.js';
import type { AdminWriteDeps } from './concert-writes.js';
import {
  cancelConcert,
  deleteConcert,
  duplicateConcert,
  getAdminConcert,
  linkConcertBand,
  listAdminConcerts,
  restoreConcert,
  unlinkConcertBand,
  updateConcert,
} from './concerts-admin.service.js';

export function concertsAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const params = idParamsSchema;

  router.get(
    '/',
    route({ query: concertListSchema }, async (_req, res, { query }) => {
      res.json(await listAdminConcerts(deps, query));
    }),
  );
  router.get(
    '/:id',
    route({ params }, async (_req, res, { params }) => {
      res.json(await getAdminConcert(deps.db, params.id));
    }),
  );
  router.patch(
    '/:id',
    route({ params, body: concertUpdateSchema }, async (req, res, { params, body }) => {
      const concert = await updateConcert(deps, params.id, body, actorOf(req));
      saved();
      res.json(concert);
    }),
  );
  router.post(
    '/:id/cancel',
    route({ params }, async (req, res, { params }) => {
      const concert = await cancelConcert(deps, params.id, actorOf(req));
      saved();
      res.json(concert);
    }),
  );
  router.post(
    '/:id/restore',
    route({ params }, async (req, res, { params }) => {
      const concert = await restoreConcert(deps, params.id, actorOf(req));
      saved();
      res.json(concert);
    }),
  );
  router.post(
    '/:id/duplicate',
    route(
      { params, body: concertDuplicateSchema, status: 201 },
      async (req, res, { params, body }) => {
        const id = await duplicateConcert(deps, params.id, body, actorOf(req));
        saved();
        res.status(201).json({ id, message: `Concierto duplicado con ID: ${id}` });
      },
    ),
  );
  router.delete(
    '/:id',
    route({ params }, async (req, res, { params }) => {
      await deleteConcert(deps, params.id, actorOf(req));
      saved();
      res.json({ message: 'Concierto borrado.' });
    }),
  );
  router.post(
    '/:id/bands',
    route({ params, body: concertBandSchema, status: 201 }, async (req, res, { params, body }) => {
      const concert = await linkConcertBand(deps, params.id, body, actorOf(req));
      saved();
      res.status(201).json(concert);
    }),
  );
  router.delete(
    '/:id/bands/:bandId',
    route({ params: concertBandParamsSchema }, async (req, res, { params }) => {
      const concert = await unlinkConcertBand(deps, params.id, params.bandId, actorOf(req));
      saved();
      res.json(concert);
    }),
  );
  return router;
}
