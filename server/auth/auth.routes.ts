import express, { type Request, type Router } from 'express';
import type { SessionResponse } from '../../common/dto.js';
import {
  loginSchema,
  recoverSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../common/schemas.js';
import { AppError, badRequest } from '../lib/errors.js';
import { input, validate } from '../lib/validate.js';
import {
  byBodyEmail,
  byIp,
  normalizeEmailKey,
  rateLimit,
  resetLimit,
  type LimitRule,
} from '../security/rate-limit.js';
import { findSessionUser, touchLastLogin } from '../users/users.repository.js';
import { toSessionUserDto } from '../users/users.dto.js';
import { registerUser, verifyCredentials, type AuthDeps } from './auth.service.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { clearSessionCookie } from './session-cookie.js';

export const WRONG_CREDENTIALS = 'Email o contraseña incorrectos.';
export const ACCOUNT_EXISTS = 'Ya existe una cuenta con este email. Inicia sesión.';
export const RESET_FAILED = 'Hubo un error al cambiar la contraseña';
export const recoverySentMessage = (email: string) =>
  `Hemos enviado un enlace para restablecer tu contraseña a ${email}.`;

type Credentials = { email: string; password: string };

const MINUTE = 60;

/**
 * Sign-ins per email: every attempt is counted when it starts (so a burst of parallel guesses is
 * counted before bcrypt runs), and the right password, or a password set through recovery, starts
 * the count afresh. So the counter holds the failures since the last success: after 10 of them in
 * 15 minutes the email is locked, right password included, until the window ends or a recovery.
 */
export const LOGIN_EMAIL_LIMIT: LimitRule = {
  name: 'login-email',
  limit: 10,
  windowSeconds: 15 * MINUTE,
  key: byBodyEmail,
};

/** passport's req.login as a promise: it regenerates the session id (no fixation). */
function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logIn(user, (error) => (error ? reject(error) : resolve())),
  );
}

export function authRouter(deps: AuthDeps): Router {
  const router = express.Router();
  const { db } = deps;

  router.get('/session', (req, res) => {
    const body: SessionResponse = { user: req.user ? toSessionUserDto(req.user) : null };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post(
    '/auth/register',
    rateLimit(db, [{ name: 'register-ip', limit: 10, windowSeconds: 60 * MINUTE, key: byIp }]),
    validate({ body: registerSchema }),
    async (req, res) => {
      const { email, password } = input<Credentials>(res).body;
      const user = await registerUser(deps, email, password);
      if (!user) throw new AppError('account_exists', 409, ACCOUNT_EXISTS);
      await logIn(req, user);
      res.status(201).json({ user: toSessionUserDto(user), isNewUser: true });
    },
  );

  router.post(
    '/auth/login',
    rateLimit(db, [
      { name: 'login-ip', limit: 30, windowSeconds: 15 * MINUTE, key: byIp },
      LOGIN_EMAIL_LIMIT,
    ]),
    validate({ body: loginSchema }),
    async (req, res) => {
      const { email, password } = input<Credentials>(res).body;
      const user = await verifyCredentials(deps, email, password);
      if (!user) throw new AppError('wrong_credentials', 401, WRONG_CREDENTIALS);
      // Side by side: each is a database round trip, and the budget is bcrypt + 10 ms.
      await Promise.all([
        logIn(req, user),
        touchLastLogin(db, user.user_id, deps.clock()),
        resetLimit(db, LOGIN_EMAIL_LIMIT, normalizeEmailKey(email)),
      ]);
      res.json({ user: toSessionUserDto(user), isNewUser: false });
    },
  );

  router.post('/auth/logout', (req, res, next) => {
    if (!req.session) return void res.status(204).end();
    // Destroying the stored session makes the old cookie worthless, wherever it was copied.
    req.session.destroy((error) => {
      if (error) return next(error);
      clearSessionCookie(res, deps.config).status(204).end();
    });
  });

  router.post(
    '/auth/recover',
    rateLimit(db, [
      { name: 'recover-email', limit: 1, windowSeconds: MINUTE, key: byBodyEmail },
      { name: 'recover-ip', limit: 10, windowSeconds: 15 * MINUTE, key: byIp },
    ]),
    validate({ body: recoverSchema }),
    (req, res) => {
      const { email } = input<{ email: string }>(res).body;
      // The same answer, in the same time, whether or not the email has an account: the lookup,
      // the token and the mail all happen after answering (a failure is logged, never shown).
      res.json({ message: recoverySentMessage(email) });
      requestPasswordReset(deps, email).catch((error: unknown) =>
        req.log.error({ err: error }, 'No se pudo preparar el correo de recuperación'),
      );
    },
  );

  router.post(
    '/auth/reset-password',
    rateLimit(db, [{ name: 'reset-ip', limit: 20, windowSeconds: 15 * MINUTE, key: byIp }]),
    validate({ body: resetPasswordSchema }),
    async (req, res) => {
      const { token, password } = input<{ token: string; password: string }>(res).body;
      const userId = await resetPassword(deps, token, password);
      const user = userId ? await findSessionUser(db, userId) : undefined;
      if (!user) throw badRequest(RESET_FAILED);
      // Whoever can read the mailbox may sign in again at once, even after a lock-out.
      await Promise.all([
        logIn(req, user),
        resetLimit(db, LOGIN_EMAIL_LIMIT, normalizeEmailKey(user.email)),
      ]);
      res.json({ user: toSessionUserDto(user) });
    },
  );

  return router;
}
