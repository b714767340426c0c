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
} from '../../../common/admin.js';
import { route } from '../../lib/route.js';
import { adminWrites } from '../writes/actor.js';
import type { AdminWriteDeps } from '../writes/concert-writes.js';
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
  const write = adminWrites(saved);

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
    write({ params, body: concertUpdateSchema }, ({ params, body }, actor) =>
      updateConcert(deps, params.id, body, actor),
    ),
  );
  // Cancel and restore answer the concert as it is now.
  for (const [path, change] of [
    ['/:id/cancel', cancelConcert],
    ['/:id/restore', restoreConcert],
  ] as const) {
    router.post(
      path,
      write({ params }, ({ params }, actor) => change(deps, params.id, actor)),
    );
  }
  router.post(
    '/:id/duplicate',
    write(
      { params, body: concertDuplicateSchema, status: 201 },
      async ({ params, body }, actor, t) => {
        const id = await duplicateConcert(deps, params.id, body, actor);
        return { id, message: t('answer.admin.concertDuplicated', { id }) };
      },
    ),
  );
  router.delete(
    '/:id',
    write({ params }, async ({ params }, actor, t) => {
      await deleteConcert(deps, params.id, actor);
      return { message: t('answer.admin.concertDeleted') };
    }),
  );
  router.post(
    '/:id/bands',
    write({ params, body: concertBandSchema, status: 201 }, ({ params, body }, actor) =>
      linkConcertBand(deps, params.id, body, actor),
    ),
  );
  router.delete(
    '/:id/bands/:bandId',
    write({ params: concertBandParamsSchema }, ({ params }, actor) =>
      unlinkConcertBand(deps, params.id, params.bandId, actor),
    ),
  );
  return router;
}
