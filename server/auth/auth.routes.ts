import express, { type Request, type Router } from 'express';
import type { MessageResponse } from '../../common/api/types.js';
import type {
  ResetPasswordResponse,
  SessionResponse,
  SignInResponse,
} from '../../common/auth/types.js';
import {
  loginSchema,
  recoverSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../common/auth/schemas.js';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import { requestLocale, textsFor } from '../i18n/intl.js';
import { AppError, badRequest } from '../lib/errors.js';
import { route } from '../lib/route.js';
import { byBodyEmail, byIp, rateLimit } from '../security/rate-limit.js';
import { SESSION_ENDED_HEADER } from '../lib/session-signals.js';
import { toSessionUserDto } from '../accounts/users.dto.js';
import {
  LOGIN_EMAIL_LIMIT,
  clearLoginFailures,
  recordSignIn,
  registerUser,
  resetPasswordForSignIn,
  verifyCredentials,
} from './auth.service.js';
import type { AuthDeps } from '../accounts/account-deps.js';
import { requestPasswordReset } from './password-reset.js';
import { clearSessionCookie } from '../accounts/session-cookie.js';
import { messageResponseSchema } from '../../common/api/responses.js';
import {
  resetPasswordResponseSchema,
  sessionResponseSchema,
  signInResponseSchema,
} from '../../common/auth/responses.js';

export const WRONG_CREDENTIALS: ServerMessageId = 'error.auth.wrongCredentials';
export const ACCOUNT_EXISTS: ServerMessageId = 'error.auth.accountExists';
export const RESET_FAILED: ServerMessageId = 'error.auth.resetFailed';

const MINUTE = 60;

/** passport's req.login as a promise: it regenerates the session id (no fixation). */
function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logIn(user, (error?: Error) => (error ? reject(error) : resolve())),
  );
}

export function authRouter(deps: AuthDeps): Router {
  const router = express.Router();
  const { db } = deps;

  router.get(
    '/session',
    route({ summary: 'La sesión actual', response: sessionResponseSchema }, (req, res) => {
      const body: SessionResponse = { user: req.user ? toSessionUserDto(req.user) : null };
      res.set('Cache-Control', 'no-store').json(body);
    }),
  );

  router.post(
    '/auth/register',
    rateLimit(db, [{ name: 'register-ip', limit: 10, windowSeconds: 60 * MINUTE, key: byIp }]),
    route(
      {
        body: registerSchema,
        summary: 'Crear una cuenta con email y contraseña',
        response: signInResponseSchema,
        status: 201,
        also: { 409: 'Ya existe una cuenta con ese email' },
      },
      async (req, res, { body }) => {
        const locale = requestLocale(req.originalUrl, req.headers);
        const user = await registerUser(deps, body.email, body.password, locale);
        if (!user) throw new AppError('account_exists', 409, ACCOUNT_EXISTS);
        await logIn(req, user);
        const answer: SignInResponse = { user: toSessionUserDto(user), isNewUser: true };
        res.status(201).json(answer);
      },
    ),
  );

  router.post(
    '/auth/login',
    rateLimit(db, [
      { name: 'login-ip', limit: 30, windowSeconds: 15 * MINUTE, key: byIp },
      LOGIN_EMAIL_LIMIT,
    ]),
    route(
      {
        body: loginSchema,
        summary: 'Iniciar sesión con email y contraseña',
        response: signInResponseSchema,
      },
      async (req, res, { body }) => {
        const user = await verifyCredentials(deps, body.email, body.password);
        if (!user) throw new AppError('wrong_credentials', 401, WRONG_CREDENTIALS);
        // Side by side: each is a database round trip.
        await Promise.all([logIn(req, user), recordSignIn(deps, user.user_id, body.email)]);
        const answer: SignInResponse = { user: toSessionUserDto(user), isNewUser: false };
        res.json(answer);
      },
    ),
  );

  router.post(
    '/auth/logout',
    route({ summary: 'Cerrar la sesión', status: 204 }, (req, res, _input, next) => {
      res.set(SESSION_ENDED_HEADER, '1');
      if (!req.session) return void res.status(204).end();
      // Destroying the stored session makes the old cookie worthless, wherever it was copied.
      req.session.destroy((error) => {
        if (error) return next(error);
        clearSessionCookie(res, deps.config).status(204).end();
      });
    }),
  );

  router.post(
    '/auth/recover',
    rateLimit(db, [
      { name: 'recover-email', limit: 1, windowSeconds: MINUTE, key: byBodyEmail },
      { name: 'recover-ip', limit: 10, windowSeconds: 15 * MINUTE, key: byIp },
    ]),
    route(
      {
        body: recoverSchema,
        summary: 'Pedir el correo para restablecer la contraseña',
        response: messageResponseSchema,
      },
      (req, res, { body }) => {
        // The same answer, in the same time, whether or not the email has an account: the lookup,
        // the token and the mail all happen after answering (a failure is logged, never shown).
        const answer: MessageResponse = {
          message: textsFor(req)('answer.auth.recoverySent', { email: body.email }),
        };
        res.json(answer);
        requestPasswordReset(deps, body.email).catch((error: unknown) =>
          req.log.error({ err: error }, 'No se pudo preparar el correo de recuperación'),
        );
      },
    ),
  );

  router.post(
    '/auth/reset-password',
    rateLimit(db, [{ name: 'reset-ip', limit: 20, windowSeconds: 15 * MINUTE, key: byIp }]),
    route(
      {
        body: resetPasswordSchema,
        summary: 'Poner una contraseña nueva con el enlace del correo',
        response: resetPasswordResponseSchema,
      },
      async (req, res, { body }) => {
        const user = await resetPasswordForSignIn(deps, body.token, body.password);
        if (!user) throw badRequest(RESET_FAILED);
        // Whoever can read the mailbox may sign in again at once, even after a lock-out.
        await Promise.all([logIn(req, user), clearLoginFailures(deps, user.email)]);
        const answer: ResetPasswordResponse = { user: toSessionUserDto(user) };
        res.json(answer);
      },
    ),
  );

  return router;
}
