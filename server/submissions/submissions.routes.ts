// /api/submissions: the public form 'Publica tus conciertos' (no account) and the confirmation of
// its contact address. Every attempt counts against its address's limit before the body is read;
// the service checks the rest.
import express, { type Router } from 'express';
import type { MessageResponse } from '../../common/api/types.js';
import { messageResponseSchema } from '../../common/api/responses.js';
import { submissionFormResponseSchema } from '../../common/submissions/responses.js';
import { SUBMISSION_FIELD_MAX_BYTES } from '../../common/submissions/limits.js';
import { submissionConfirmSchema, submissionFormSchema } from '../../common/submissions/schemas.js';
import type { SubmissionCreatedResponse } from '../../common/submissions/types.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { readerLocale, textsFor } from '../i18n/intl.js';
import { route } from '../lib/route.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { Mailer } from '../mail/mailer.js';
import { byIp, byNetwork, rateLimit } from '../security/rate-limit.js';
import { receiveImage } from '../uploads/upload.routes.js';
import { confirmSubmissionLink, createSubmission, submissionForm } from './submissions.service.js';

/** Attempts per network (an IPv4 address, an IPv6 /48) and hour: a band sends a handful, a bot many. */
export const SUBMISSIONS_PER_IP_PER_HOUR = 10;

// The form's fields (submissionFormSchema) and room for a few more, refused there by name.
const FORM_FIELDS = 16;

export function submissionsRouter(deps: {
  db: Database;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
}): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get(
    '/form',
    route(
      {
        summary: "Formulario 'Publica tus conciertos': token firmado y salas",
        response: submissionFormResponseSchema,
      },
      async (_req, res) => {
        res.json(await submissionForm(deps));
      },
    ),
  );

  router.post(
    '/',
    rateLimit(deps.db, [
      {
        name: 'submission-network',
        limit: SUBMISSIONS_PER_IP_PER_HOUR,
        windowSeconds: 3600,
        key: byNetwork,
      },
    ]),
    receiveImage({ fields: FORM_FIELDS, fieldSize: SUBMISSION_FIELD_MAX_BYTES }),
    route(
      {
        body: submissionFormSchema,
        summary: "Enviar una propuesta de 'Publica tus conciertos' (espera a confirmar su email)",
        response: messageResponseSchema,
        status: 201,
        also: {
          429: 'Demasiados envíos desde esta red o a este email, o la red ya tiene su parte de la cola',
          503: 'La cola de propuestas está llena, se alcanzó el tope de correos de confirmación por hora o no se pudo enviar el correo',
        },
      },
      async (req, res, { body }) => {
        await createSubmission(deps, body, req.file?.buffer, {
          locale: readerLocale(req),
          network: byNetwork(req),
        });
        const answer: SubmissionCreatedResponse = {
          message: textsFor(req)('answer.submission.sent', { email: body.email }),
        };
        res.status(201).json(answer);
      },
    ),
  );

  router.post(
    '/confirm',
    rateLimit(deps.db, [
      { name: 'submission-confirm-ip', limit: 30, windowSeconds: 15 * 60, key: byIp },
    ]),
    route(
      {
        body: submissionConfirmSchema,
        summary: 'Confirmar el email de contacto de una propuesta',
        response: messageResponseSchema,
      },
      async (req, res, { body }) => {
        const confirmed = await confirmSubmissionLink(deps, body.token);
        const answer: MessageResponse = { message: textsFor(req)(confirmed) };
        res.json(answer);
      },
    ),
  );
  return router;
}
