// Unsubscribe links: /unsubscribe?userId=…&token=… for the weekly mail, with &list=alerts for the
// artist alerts alone. The token is an HMAC of the user id (and the list), so a link with only a
// user id, another user's token, or the other list's token is worthless.
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod';
import { textSchema } from '../../common/text.js';
import { sessionSecretsOf, type Config } from '../config/config.js';
import type { MessageResponse } from '../../common/dto.js';
import type { Database } from '../db/database.js';
import { textsFor } from '../i18n/intl.js';
import { AppError } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import { unsubscribeFromArtistAlerts, unsubscribeFromWeeklyMail } from './profile.service.js';
import { messageResponseSchema } from '../../common/responses.js';
import { route } from '../lib/route.js';

export const INVALID_LINK = 'error.unsubscribe.invalidLink';
export const UNSUBSCRIBED = 'answer.unsubscribe.weekly';
export const ALERTS_OFF = 'answer.unsubscribe.alerts';

/** The mails a link unsubscribes from: the weekly mail, or the artist alerts. */
export const MAIL_LISTS = ['weekly', 'alerts'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

function signingKey(sessionSecret: string): Buffer {
  // A key of its own, derived from the session secret: one secret for the operator to manage.
  return createHmac('sha256', sessionSecret).update('unsubscribe-links').digest();
}

export function unsubscribeToken(
  sessionSecret: string,
  userId: string,
  list: MailList = 'weekly',
): string {
  // The weekly mail's message has no list in it: links already mailed keep working.
  const message = list === 'weekly' ? `v1:${userId}` : `v1:${list}:${userId}`;
  return createHmac('sha256', signingKey(sessionSecret)).update(message).digest('base64url');
}

export function isValidUnsubscribeToken(
  sessionSecret: string,
  userId: string,
  token: string,
  list: MailList = 'weekly',
) {
  const expected = Buffer.from(unsubscribeToken(sessionSecret, userId, list));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function linkQuery(config: Pick<Config, 'sessionSecret'>, userId: string, list: MailList) {
  const query = new URLSearchParams({
    userId,
    token: unsubscribeToken(config.sessionSecret, userId, list),
  });
  if (list !== 'weekly') query.set('list', list);
  return query.toString();
}

/** The page that asks before unsubscribing (opening a link never unsubscribes by itself). */
export function unsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  list: MailList = 'weekly',
): string {
  return `${config.publicUrl}/unsubscribe?${linkQuery(config, userId, list)}`;
}

/** RFC 8058 one-click target of the List-Unsubscribe header: a POST here unsubscribes. */
export function oneClickUnsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  list: MailList = 'weekly',
): string {
  return `${config.publicUrl}/api/unsubscribe?${linkQuery(config, userId, list)}`;
}

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
