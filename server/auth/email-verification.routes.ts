// POST /api/auth/verify-email (the /verificar-email page posts the token from the link's fragment)
// and POST /api/profile/verification-email (a new link, asked for from the profile).
import express, { type Request, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { MessageResponse } from '../../common/api/types.js';
import type { VerifyEmailResponse } from '../../common/auth/types.js';
import { verifyEmailResponseSchema } from '../../common/auth/responses.js';
import { textSchema } from '../../common/text/schemas.js';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import { textsFor } from '../i18n/intl.js';
import { AppError, badRequest } from '../lib/errors.js';
import { route } from '../lib/route.js';
import { byIp, rateLimit } from '../security/rate-limit.js';
import type { AuthDeps } from '../accounts/account-deps.js';
import { resendVerificationMail, verifyEmail } from './email-verification.js';
import { currentUser, requireUser } from '../accounts/require-user.js';
import { messageResponseSchema } from '../../common/api/responses.js';

export const EMAIL_VERIFIED: ServerMessageId = 'answer.auth.emailVerified';
export const EMAIL_VERIFIED_RECLAIMED: ServerMessageId = 'answer.auth.emailVerifiedReclaimed';
export const INVALID_VERIFICATION_LINK: ServerMessageId = 'error.link.invalidOrExpired';
export const ALREADY_VERIFIED: ServerMessageId = 'error.auth.alreadyVerified';
export const VERIFICATION_MAIL_FAILED: ServerMessageId = 'error.auth.verificationMailFailed';

const verifySchema = z.strictObject({
  token: textSchema({
    max: 200,
    tooLong: INVALID_VERIFICATION_LINK,
    notText: INVALID_VERIFICATION_LINK,
  }).min(1, INVALID_VERIFICATION_LINK),
});
const emptyBody = z.strictObject({});

const byUser = (req: Request) => req.user?.user_id;

/** An address already verified needs no link; answered before the counters are spent. */
const requireUnverified: RequestHandler = (req, _res, next) => {
  next(currentUser(req).email_verified ? badRequest(ALREADY_VERIFIED) : undefined);
};

export function emailVerificationRouter(deps: AuthDeps): Router {
  const router = express.Router();
  const { db } = deps;

  // No session needed: the link is often opened on another device (a phone's mail app).
  router.post(
    '/auth/verify-email',
    rateLimit(db, [{ name: 'verify-email-ip', limit: 30, windowSeconds: 15 * 60, key: byIp }]),
    route(
      {
        body: verifySchema,
        summary:
          'Verificar el email con el enlace del correo; una cuenta aún sin confirmar vuelve a ' +
          'quien tiene el buzón (se cierran sus sesiones y se quita su contraseña)',
        response: verifyEmailResponseSchema,
      },
      async (req, res, { body }) => {
        const verified = await verifyEmail(deps, body.token, req.user?.user_id);
        if (!verified) throw new AppError('invalid_link', 400, INVALID_VERIFICATION_LINK);
        const { choosePasswordPath } = verified;
        const answer: VerifyEmailResponse = {
          message: textsFor(req)(choosePasswordPath ? EMAIL_VERIFIED_RECLAIMED : EMAIL_VERIFIED),
          choosePasswordPath,
        };
        res.json(answer);
      },
    ),
  );

  router.post(
    '/profile/verification-email',
    requireUser,
    // Nothing to read, but a body with fields is refused before anything else runs.
    route({ body: emptyBody }, (_req, _res, _input, next) => next()),
    requireUnverified,
    // Each link is a mail to an address that may not be the fan's: kept rare.
    rateLimit(db, [
      { name: 'verification-mail-minute', limit: 1, windowSeconds: 60, key: byUser },
      { name: 'verification-mail-day', limit: 5, windowSeconds: 24 * 60 * 60, key: byUser },
    ]),
    route(
      {
        summary: 'Enviar otra vez el enlace de verificación',
        response: messageResponseSchema,
        also: { 502: 'No se pudo enviar el correo' },
      },
      async (req, res) => {
        const user = currentUser(req);
        const outcome = await resendVerificationMail(deps, user.user_id);
        if (outcome === 'already_verified') throw badRequest(ALREADY_VERIFIED);
        if (outcome === 'failed') throw new AppError('mail_failed', 502, VERIFICATION_MAIL_FAILED);
        const body: MessageResponse = {
          message: textsFor(req)('answer.auth.verificationSent', { email: user.email }),
        };
        res.json(body);
      },
    ),
  );

  return router;
}
