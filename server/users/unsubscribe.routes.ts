// POST /api/unsubscribe: the signed links of server/mail/unsubscribe-links.ts stop a mail list.
import express, { type Router } from 'express';
import { z } from 'zod';
import { textSchema } from '../../common/text/schemas.js';
import type { Config } from '../config/config.js';
import { sessionSecretsOf } from '../config/session-secret.js';
import { isValidUnsubscribeToken, MAIL_LISTS } from '../mail/unsubscribe-links.js';
import type { MessageResponse } from '../../common/api/types.js';
import type { Database } from '../db/database.js';
import { textsFor } from '../i18n/intl.js';
import { AppError } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import { unsubscribeFromArtistAlerts, unsubscribeFromWeeklyMail } from './profile.service.js';
import { messageResponseSchema } from '../../common/api/responses.js';
import { route } from '../lib/route.js';

export const INVALID_LINK = 'error.unsubscribe.invalidLink';
export const UNSUBSCRIBED = 'answer.unsubscribe.weekly';
export const ALERTS_OFF = 'answer.unsubscribe.alerts';

const linkSchema = z.object({
  userId: z.uuid(),
  token: textSchema({ max: 200, tooLong: INVALID_LINK }).min(1),
  list: z.enum(MAIL_LISTS).default('weekly'),
});

/**
 * POST /api/unsubscribe with { userId, token } in the JSON body (the /unsubscribe page) or in the
 * query string (RFC 8058 one-click from mail clients: body "List-Unsubscribe=One-Click").
 * Opening a link never unsubscribes by itself: mail scanners open links.
 */
export function unsubscribeRouter(deps: { db: Database; config: Config; clock: Clock }): Router {
  const router = express.Router();
  router.post(
    '/',
    express.urlencoded({ extended: false, limit: '1kb' }),
    route(
      {
        summary:
          'Darse de baja del email semanal o de los avisos de artistas (enlace firmado; también one-click RFC 8058)',
        response: messageResponseSchema,
        also: { 400: 'Enlace no válido' },
      },
      async (req, res) => {
        const body: unknown = req.body;
        const fromBody = typeof body === 'object' && body !== null && 'userId' in body;
        const parsed = linkSchema.safeParse(fromBody ? body : req.query);
        if (
          !parsed.success ||
          // A link mailed before SESSION_SECRET was rotated still works while the previous is set.
          !sessionSecretsOf(deps.config).some((secret) =>
            isValidUnsubscribeToken(
              secret,
              parsed.data.userId,
              parsed.data.token,
              parsed.data.list,
            ),
          )
        ) {
          throw new AppError('invalid_link', 400, INVALID_LINK);
        }
        const { userId, list } = parsed.data;
        if (list === 'alerts') await unsubscribeFromArtistAlerts(deps, userId);
        else await unsubscribeFromWeeklyMail(deps.db, userId);
        const answer: MessageResponse = {
          message: textsFor(req)(list === 'alerts' ? ALERTS_OFF : UNSUBSCRIBED),
        };
        res.json(answer);
      },
    ),
  );
  return router;
}
