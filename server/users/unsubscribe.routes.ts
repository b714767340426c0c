// POST /api/unsubscribe: the signed links of server/mail/unsubscribe-links.ts stop a mail list.
import express, { type Router } from 'express';
import { z } from 'zod';
import { textSchema } from '../../common/text/schemas.js';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import type { Config } from '../config/config.js';
import { sessionSecretsOf } from '../config/session-secret.js';
import { checkUnsubscribeToken, MAIL_LISTS, type MailList } from '../mail/unsubscribe-links.js';
import type { MessageResponse } from '../../common/api/types.js';
import type { Database } from '../db/database.js';
import { textsFor } from '../i18n/intl.js';
import { AppError } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import {
  unsubscribeFromArtistAlerts,
  unsubscribeFromChangeNotices,
  unsubscribeFromShowReminders,
  unsubscribeFromWeeklyMail,
} from './profile.service.js';
import { messageResponseSchema } from '../../common/api/responses.js';
import { route } from '../lib/route.js';

export const INVALID_LINK = 'error.unsubscribe.invalidLink';
export const EXPIRED_LINK = 'error.unsubscribe.expiredLink';
export const UNSUBSCRIBED = 'answer.unsubscribe.weekly';
export const ALERTS_OFF = 'answer.unsubscribe.alerts';

/** What each list's link turns off, and what the answer says. */
const LISTS: Record<
  MailList,
  {
    stop: (deps: { db: Database; clock: Clock }, userId: string) => Promise<void>;
    answer: ServerMessageId;
  }
> = {
  weekly: {
    stop: (deps, userId) => unsubscribeFromWeeklyMail(deps.db, userId),
    answer: UNSUBSCRIBED,
  },
  alerts: { stop: unsubscribeFromArtistAlerts, answer: ALERTS_OFF },
  changes: {
    stop: (deps, userId) => unsubscribeFromChangeNotices(deps.db, userId),
    answer: 'answer.unsubscribe.changes',
  },
  reminders: {
    stop: (deps, userId) => unsubscribeFromShowReminders(deps.db, userId),
    answer: 'answer.unsubscribe.reminders',
  },
};

const linkSchema = z.object({
  userId: z.uuid(),
  token: textSchema({ max: 200, tooLong: INVALID_LINK }).min(1),
  list: z.enum(MAIL_LISTS).default('weekly'),
  // Seconds since 1970; absent only from the weekly and alert links mailed before links had an end.
  expires: z.coerce.number().int().positive().max(1e11).optional(),
});

/**
 * POST /api/unsubscribe with { userId, list, expires, token } in the JSON body (the /unsubscribe
 * page) or in the query string (RFC 8058 one-click from mail clients: body
 * "List-Unsubscribe=One-Click", no cookie). Each link stops its own list and nothing else.
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
          'Darse de baja de un tipo de correo (semanal, avisos de artistas, avisos de cambios, recordatorios) con su enlace firmado; también one-click RFC 8058',
        response: messageResponseSchema,
        also: { 400: 'Enlace no válido o caducado' },
      },
      async (req, res) => {
        const body: unknown = req.body;
        const fromBody = typeof body === 'object' && body !== null && 'userId' in body;
        const parsed = linkSchema.safeParse(fromBody ? body : req.query);
        if (!parsed.success) throw new AppError('invalid_link', 400, INVALID_LINK);
        const now = deps.clock();
        // A link mailed before SESSION_SECRET was rotated still works while the previous is set.
        const checks = sessionSecretsOf(deps.config).map((secret) =>
          checkUnsubscribeToken(secret, parsed.data, now),
        );
        if (!checks.includes('valid')) {
          if (checks.includes('expired')) throw new AppError('expired_link', 400, EXPIRED_LINK);
          throw new AppError('invalid_link', 400, INVALID_LINK);
        }
        const { userId, list } = parsed.data;
        await LISTS[list].stop(deps, userId);
        const answer: MessageResponse = { message: textsFor(req)(LISTS[list].answer) };
        res.json(answer);
      },
    ),
  );
  return router;
}
