// /api/admin/bands/...: the band list, its pickers' search, creation and edits (mounted by
// admin.routes.ts behind the one admin guard).
import express, { type Router } from 'express';
import {
  bandCreateSchema,
  bandListSchema,
  bandMergeSchema,
  bandSearchSchema,
  bandUpdateSchema,
  idParamsSchema,
} from '../../../common/admin/schemas.js';
import {
  adminBandPageSchema,
  adminBandSchema,
  adminBandSearchSchema,
  adminCreatedSchema,
} from '../../../common/admin/responses.js';
import { messageResponseSchema } from '../../../common/api/responses.js';
import { textsFor } from '../../i18n/intl.js';
import { route } from '../../lib/route.js';
import { adminWrites, createdAnswer } from '../writes/actor.js';
import type { AdminWriteDeps } from '../writes/concert-writes.js';
import {
  bandOptions,
  createBand,
  deleteBand,
  listAdminBands,
  mergeBands,
  updateBand,
} from './bands-admin.service.js';

const BAND_DUPLICATE = { 409: 'Ya hay una banda con ese nombre' };

export function bandsAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const params = idParamsSchema;
  const write = adminWrites(saved);
  const created = createdAnswer(saved);
  const { db } = deps;

  router.post(
    '/',
    route(
      {
        body: bandCreateSchema,
        summary: 'Crear una banda',
        response: adminCreatedSchema,
        status: 201,
      },
      async (req, res, { body }) => {
        const id = await createBand(db, body);
        created(res, { id, message: textsFor(req)('answer.admin.bandCreated', { id }) });
      },
    ),
  );

  router.get(
    '/search',
    route(
      {
        query: bandSearchSchema,
        summary: 'Buscar bandas para los selectores',
        response: adminBandSearchSchema,
      },
      async (_req, res, { query }) => {
        res.json(await bandOptions(db, query));
      },
    ),
  );

  router.get(
    '/',
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
    '/:id',
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
    '/:id/merge',
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
    '/:id',
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
  return router;
}
