// /api/admin/sources: the sources an admin adds (calendar feeds, pages with events), their runs,
// and the events waiting for review. Mounted by app.ts behind the one guard of /api/admin.
import express, { type Router } from 'express';
import { auditListSchema } from '../../common/admin/schemas.js';
import { messageResponseSchema } from '../../common/api/responses.js';
import {
  missingListSchema,
  sourceListSchema,
  sourceRunResultSchema,
  sourceSchema,
  waitingApprovedSchema,
  waitingPageSchema,
} from '../../common/sources/responses.js';
import {
  sourceCreateSchema,
  sourceIdParamsSchema,
  sourceUpdateSchema,
  waitingApproveSchema,
} from '../../common/sources/schemas.js';
import { actorOf } from '../admin/writes/actor.js';
import type { AgendaCatalog } from '../concerts/agenda-catalog.js';
import type { Config } from '../config/config.js';
import { textsFor } from '../i18n/intl.js';
import { route } from '../lib/route.js';
import type { ImportDeps } from './run-source.js';
import {
  createSource,
  deleteSource,
  listSources,
  runSourceNow,
  updateSource,
} from './sources.service.js';
import { approveWaiting, missingList, rejectWaiting, waitingPage } from './waiting.service.js';

const params = sourceIdParamsSchema;
const NO_SOURCE = { 404: 'La fuente no existe' };
const NO_EVENT = { 404: 'El evento no existe o ya se revisó' };

export function sourcesRouter(
  deps: ImportDeps & {
    config: Config;
    /** The agenda's cached concert data: a run or an approval may add or change concerts. */
    catalog: AgendaCatalog;
  },
): Router {
  const { db } = deps;
  const router = express.Router();

  router.get(
    '/',
    route(
      { summary: 'Las fuentes de conciertos y su última importación', response: sourceListSchema },
      async (req, res) => {
        res.json(await listSources(deps, textsFor(req)));
      },
    ),
  );
  router.post(
    '/',
    route(
      {
        body: sourceCreateSchema,
        summary: 'Añadir una fuente (calendario iCalendar o página con eventos JSON-LD)',
        response: sourceSchema,
        status: 201,
        also: { 409: 'Esa dirección ya es una fuente' },
      },
      async (req, res, { body }) => {
        res.status(201).json(await createSource(deps, body, textsFor(req)));
      },
    ),
  );
  router.get(
    '/waiting',
    route(
      {
        query: auditListSchema,
        summary: 'Eventos importados que esperan a un administrador',
        response: waitingPageSchema,
      },
      async (_req, res, { query }) => {
        res.json(await waitingPage(db, query.page));
      },
    ),
  );
  router.get(
    '/missing',
    route(
      {
        summary: 'Conciertos importados que su fuente ya no anuncia',
        response: missingListSchema,
      },
      async (_req, res) => {
        res.json(await missingList(deps));
      },
    ),
  );
  router.post(
    '/waiting/:id/approve',
    route(
      {
        params,
        body: waitingApproveSchema,
        summary: 'Publicar un evento que espera, con lo que le faltaba',
        response: waitingApprovedSchema,
        also: NO_EVENT,
      },
      async (req, res, { params, body }) => {
        const concertId = await approveWaiting(deps, params.id, body, actorOf(req));
        deps.catalog.invalidate();
        res.json({
          concertId,
          message: textsFor(req)('answer.source.approved', { id: concertId }),
        });
      },
    ),
  );
  router.post(
    '/waiting/:id/reject',
    route(
      {
        params,
        summary: 'Descartar un evento que espera: no se importará',
        response: messageResponseSchema,
        also: NO_EVENT,
      },
      async (req, res, { params }) => {
        await rejectWaiting(db, params.id);
        res.json({ message: textsFor(req)('answer.source.rejected') });
      },
    ),
  );
  router.post(
    '/:id/run',
    route(
      {
        params,
        summary: 'Importar ahora (responde al terminar; un fallo de la fuente es su error)',
        response: sourceRunResultSchema,
        also: { ...NO_SOURCE, 409: 'La fuente ya se está importando' },
      },
      async (req, res, { params }) => {
        const result = await runSourceNow(deps, params.id, textsFor(req));
        deps.catalog.invalidate();
        res.json(result);
      },
    ),
  );
  router.patch(
    '/:id',
    route(
      {
        params,
        body: sourceUpdateSchema,
        summary: 'Cambiar una fuente, pausarla o reanudarla',
        response: sourceSchema,
        also: NO_SOURCE,
      },
      async (req, res, { params, body }) => {
        res.json(await updateSource(deps, params.id, body, textsFor(req)));
      },
    ),
  );
  router.delete(
    '/:id',
    route(
      {
        params,
        summary: 'Borrar una fuente (sus conciertos se quedan)',
        response: messageResponseSchema,
        also: NO_SOURCE,
      },
      async (req, res, { params }) => {
        await deleteSource(deps, params.id);
        res.json({ message: textsFor(req)('answer.source.deleted') });
      },
    ),
  );
  return router;
}
