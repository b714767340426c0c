// /api/admin/concerts/...: the admin's concert list and every edit (mounted by admin.routes.ts
// behind requireAdmin). Writes answer the saved concert, or 201 with the new id.
import express, { type Router } from 'express';
import {
  concertBandParamsSchema,
  concertCreateSchema,
  concertSearchSchema,
  linkCreateSchema,
  concertBandSchema,
  concertDuplicateSchema,
  concertListSchema,
  concertUpdateSchema,
  idParamsSchema,
} from '../../../common/admin/schemas.js';
import {
  adminConcertPageSchema,
  adminConcertSchema,
  adminConcertSearchSchema,
  adminCreatedSchema,
} from '../../../common/admin/responses.js';
import { messageResponseSchema } from '../../../common/api/responses.js';
import { route } from '../../lib/route.js';
import { actorOf, adminWrites, createdAnswer } from '../writes/actor.js';
import { textsFor } from '../../i18n/intl.js';
import type { AdminWriteDeps } from '../writes/concert-writes.js';
import {
  cancelConcert,
  concertOptions,
  createConcert,
  createLink,
  deleteConcert,
  duplicateConcert,
  getAdminConcert,
  linkConcertBand,
  listAdminConcerts,
  restoreConcert,
  unlinkConcertBand,
  updateConcert,
} from './concerts-admin.service.js';

const UNKNOWN = { 404: 'El concierto no existe' };

export function concertsAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const params = idParamsSchema;
  const write = adminWrites(saved);
  const created = createdAnswer(saved);
  /** A concert's edit answers the concert as it is now. */
  const edit = { params, response: adminConcertSchema, also: UNKNOWN };

  router.post(
    '/',
    route(
      {
        body: concertCreateSchema,
        summary: 'Crear un concierto',
        response: adminCreatedSchema,
        status: 201,
      },
      async (req, res, { body }) => {
        const id = await createConcert(deps, body, actorOf(req));
        created(res, { id, message: textsFor(req)('answer.admin.concertCreated', { id }) });
      },
    ),
  );
  router.get(
    '/search',
    route(
      {
        query: concertSearchSchema,
        summary: 'Buscar conciertos para los selectores',
        response: adminConcertSearchSchema,
      },
      async (_req, res, { query }) => {
        res.json(await concertOptions(deps.db, deps.clock, query));
      },
    ),
  );
  router.get(
    '/',
    route(
      {
        query: concertListSchema,
        summary: 'La lista de conciertos del administrador, por páginas y con filtros',
        response: adminConcertPageSchema,
      },
      async (_req, res, { query }) => {
        res.json(await listAdminConcerts(deps, query));
      },
    ),
  );
  router.get(
    '/:id',
    route({ ...edit, summary: 'Un concierto, para su editor' }, async (_req, res, { params }) => {
      res.json(await getAdminConcert(deps.db, params.id));
    }),
  );
  router.patch(
    '/:id',
    write(
      { ...edit, body: concertUpdateSchema, summary: 'Editar un concierto' },
      ({ params, body }, actor) => updateConcert(deps, params.id, body, actor),
    ),
  );
  // Cancel and restore answer the concert as it is now.
  for (const [path, change, summary] of [
    ['/:id/cancel', cancelConcert, 'Cancelar un concierto (sigue en la agenda, como cancelado)'],
    ['/:id/restore', restoreConcert, 'Deshacer la cancelación de un concierto'],
  ] as const) {
    router.post(
      path,
      write({ ...edit, summary }, ({ params }, actor) => change(deps, params.id, actor)),
    );
  }
  router.post(
    '/:id/duplicate',
    write(
      {
        params,
        body: concertDuplicateSchema,
        summary: 'Duplicar un concierto en otro día, con sus bandas',
        response: adminCreatedSchema,
        status: 201,
        also: UNKNOWN,
      },
      async ({ params, body }, actor, t) => {
        const id = await duplicateConcert(deps, params.id, body, actor);
        return { id, message: t('answer.admin.concertDuplicated', { id }) };
      },
    ),
  );
  router.delete(
    '/:id',
    write(
      {
        params,
        summary: 'Borrar un concierto para siempre (con sus «me gusta» y valoraciones)',
        response: messageResponseSchema,
        also: UNKNOWN,
      },
      async ({ params }, actor, t) => {
        await deleteConcert(deps, params.id, actor);
        return { message: t('answer.admin.concertDeleted') };
      },
    ),
  );
  router.post(
    '/:id/bands',
    write(
      {
        ...edit,
        body: concertBandSchema,
        summary: 'Vincular una banda al concierto (por id, o por nombre: la crea si no existe)',
        status: 201,
        also: { ...UNKNOWN, 409: 'La banda ya está vinculada a ese concierto' },
      },
      ({ params, body }, actor) => linkConcertBand(deps, params.id, body, actor),
    ),
  );
  router.delete(
    '/:id/bands/:bandId',
    write(
      {
        ...edit,
        params: concertBandParamsSchema,
        summary: 'Desvincular una banda del concierto',
        also: { 404: 'El concierto no existe o esa banda no está vinculada' },
      },
      ({ params }, actor) => unlinkConcertBand(deps, params.id, params.bandId, actor),
    ),
  );
  return router;
}

/** /api/admin/links: a band linked to a concert from the link form. */
export function linksAdminRouter(deps: AdminWriteDeps, saved: () => void): Router {
  const router = express.Router();
  const created = createdAnswer(saved);
  router.post(
    '/',
    route(
      {
        body: linkCreateSchema,
        summary: 'Vincular una banda a un concierto',
        response: messageResponseSchema,
        status: 201,
      },
      async (req, res, { body }) => {
        await createLink(deps, body);
        created(res, { message: textsFor(req)('answer.admin.linkCreated') });
      },
    ),
  );
  return router;
}
