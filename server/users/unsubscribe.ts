// Weekly-mail unsubscribe links: /unsubscribe?userId=…&token=… where the token is an HMAC of the
// user id, so a link with only a user id, or another user's token, is worthless.
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod';
import { textSchema } from '../../common/text.js';
import { sessionSecretsOf, type Config } from '../config.js';
import type { MessageResponse } from '../../common/dto.js';
import type { Database } from '../db/database.js';
import { AppError } from '../lib/errors.js';
import { unsubscribeFromWeeklyMail } from './profile.service.js';
import { messageResponseSchema } from '../../common/responses.js';
import { route } from '../lib/route.js';

export const INVALID_LINK = 'El enlace de baja no es válido.';
export const UNSUBSCRIBED = 'Has sido dado de baja correctamente.';

function signingKey(sessionSecret: string): Buffer {
  // A key of its own, derived from the session secret: one secret for the operator to manage.
  return createHmac('sha256', sessionSecret).update('unsubscribe-links').digest();
}

export function unsubscribeToken(sessionSecret: string, userId: string): string {
  return createHmac('sha256', signingKey(sessionSecret)).update(`v1:${userId}`).digest('base64url');
}

export function isValidUnsubscribeToken(sessionSecret: string, userId: string, token: string) {
  const expected = Buffer.from(unsubscribeToken(sessionSecret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function unsubscribeUrl(config: Config, userId: string): string {
  const query = new URLSearchParams({
    userId,
    token: unsubscribeToken(config.sessionSecret, userId),
  });
  return `${config.publicUrl}/unsubscribe?${query.toString()}`;
}

const linkSchema = z.object({
  userId: z.uuid(),
  token: textSchema({ max: 200, tooLong: INVALID_LINK }).min(1),
});

/**
 * POST /api/unsubscribe with { userId, token } in the JSON body (the /unsubscribe page) or in the
 * query string (RFC 8058 one-click from mail clients: body "List-Unsubscribe=One-Click").
 * Opening a link never unsubscribes by itself: mail scanners open links.
 */
export function unsubscribeRouter(deps: { db: Database; config: Config }): Router {
  const router = express.Router();
  router.post(
    '/',
    express.urlencoded({ extended: false, limit: '1kb' }),
    route(
      {
        summary: 'Darse de baja del email semanal (enlace firmado; también one-click RFC 8058)',
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
            isValidUnsubscribeToken(secret, parsed.data.userId, parsed.data.token),
          )
        ) {
          throw new AppError('invalid_link', 400, INVALID_LINK);
        }
        await unsubscribeFromWeeklyMail(deps.db, parsed.data.userId);
        const answer: MessageResponse = { message: UNSUBSCRIBED };
        res.json(answer);
      },
    ),
  );
  return router;
}
