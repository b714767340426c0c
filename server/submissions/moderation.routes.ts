// /api/admin/submissions: the moderation queue and its waiting pictures. Behind the one guard of
// everything under /api/admin (app.ts): an admin's session or the API token; a fan gets 403.
import express, { type Router } from 'express';
import {
  submissionEditSchema,
  submissionIdSchema,
  submissionImageSchema,
  submissionListSchema,
  submissionRejectSchema,
} from '../../common/submissions/schemas.js';
import { actorOf } from '../admin/writes/actor.js';
import type { AdminWriteDeps } from '../admin/writes/concert-writes.js';
import type { AgendaCatalog } from '../concerts/agenda-catalog.js';
import type { Config } from '../config/config.js';
import { textsFor } from '../i18n/intl.js';
import { notFound } from '../lib/errors.js';
import { route } from '../lib/route.js';
import { submissionImagesDirOf } from './submission-images.js';
import {
  approveSubmission,
  editSubmission,
  markSubmissionAsSpam,
  rejectSubmission,
  submissionById,
  submissionList,
} from './moderation.service.js';
import {
  submissionListResponseSchema,
  submissionReviewResponseSchema,
  submissionSchema,
} from '../../common/submissions/responses.js';

const NOT_IN_QUEUE = 'La propuesta no existe (o su remitente no la ha confirmado)';

/** What a review (edit, approve, reject, spam) answers besides its success. */
const REVIEW_ERRORS = {
  404: NOT_IN_QUEUE,
  409: 'La propuesta ya se revisó, o cambió mientras se aprobaba',
};

export function moderationRouter(
  deps: AdminWriteDeps & {
    config: Config;
    /** The agenda's cached concert data: an approval adds a concert. */
    catalog: AgendaCatalog;
  },
): Router {
  const { db } = deps;
  const router = express.Router();

  router.get(
    '/',
    route(
      { query: submissionListSchema, response: submissionListResponseSchema },
      async (_req, res, { query }) => {
        res.json(await submissionList(db, query.status));
      },
    ),
  );
  router.get(
    '/images/:file',
    route(
      {
        params: submissionImageSchema,
        summary: 'La imagen de una propuesta sin revisar',
        response: 'Imagen WebP',
        contentType: 'image/webp',
        also: { 404: 'No hay ninguna imagen con ese nombre' },
      },
      async (_req, res, { params }) => {
        await new Promise<void>((resolve, reject) => {
          res.sendFile(
            params.file,
            { root: submissionImagesDirOf(deps.config.dataDir) },
            (error) =>
              error && !res.headersSent ? reject(notFound('error.image.notFound')) : resolve(),
          );
        });
      },
    ),
  );
  router.get(
    '/:id',
    route(
      {
        params: submissionIdSchema,
        summary: 'Una propuesta confirmada, revisada o no (su estado lo dice)',
        response: submissionSchema,
        also: { 404: NOT_IN_QUEUE },
      },
      async (_req, res, { params }) => {
        res.json(await submissionById(db, params.id));
      },
    ),
  );
  router.put(
    '/:id',
    route(
      {
        params: submissionIdSchema,
        body: submissionEditSchema,
        summary: 'Corregir una propuesta pendiente antes de revisarla',
        response: submissionSchema,
        also: REVIEW_ERRORS,
      },
      async (_req, res, input) => {
        res.json(await editSubmission(deps, input.params.id, input.body));
      },
    ),
  );
  router.post(
    '/:id/approve',
    route(
      {
        params: submissionIdSchema,
        summary: 'Aprobar una propuesta: se publica como concierto y se avisa a la banda',
        response: submissionReviewResponseSchema,
        also: REVIEW_ERRORS,
      },
      async (req, res, { params }) => {
        const answer = await approveSubmission(deps, params.id, actorOf(req), textsFor(req));
        deps.catalog.invalidate();
        res.json(answer);
      },
    ),
  );
  router.post(
    '/:id/reject',
    route(
      {
        params: submissionIdSchema,
        body: submissionRejectSchema,
        summary: 'Rechazar una propuesta, con el motivo que se envía a la banda',
        response: submissionReviewResponseSchema,
        also: REVIEW_ERRORS,
      },
      async (req, res, { params, body }) => {
        res.json(await rejectSubmission(deps, params.id, body.reason, actorOf(req), textsFor(req)));
      },
    ),
  );
  router.post(
    '/:id/spam',
    route(
      {
        params: submissionIdSchema,
        summary: 'Marcar una propuesta como spam (rechazada sin avisar a nadie)',
        response: submissionReviewResponseSchema,
        also: REVIEW_ERRORS,
      },
      async (req, res, { params }) => {
        res.json(await markSubmissionAsSpam(deps, params.id, actorOf(req), textsFor(req)));
      },
    ),
  );
  return router;
}
