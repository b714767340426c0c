import express, { type Response, type Router } from 'express';
import {
  deleteAccountSchema,
  onboardingSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  type DeleteAccountInput,
  type OnboardingInput,
  type PasswordChange,
  type ProfileUpdate,
} from '../../common/schemas.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { forgetFutureScores } from '../recommendations/generator.js';
import type { RecommendationRunner } from '../recommendations/runner.js';
import { currentUser, requireUser } from '../auth/require-user.js';
import { type SessionCaches } from '../auth/session.js';
import { clearSessionCookie } from '../auth/session-cookie.js';
import { AppError, notFound } from '../lib/errors.js';
import { input, validate } from '../lib/validate.js';
import { byUser, rateLimit, TOO_MANY_MESSAGE } from '../security/rate-limit.js';
import { toProfileDto } from './users.dto.js';
import {
  changePassword,
  completeOnboarding,
  deleteAccount,
  updateOwnProfile,
} from './profile.service.js';
import type { ReauthOutcome } from './reauth.js';
import { sessionsRouter } from './sessions.routes.js';
import { findProfile } from './users.repository.js';

export const CURRENT_PASSWORD_REQUIRED = 'Introduce tu contraseña actual.';
export const CURRENT_PASSWORD_WRONG = 'La contraseña actual no es correcta.';
export const REAUTH_REQUIRED =
  'Por seguridad, vuelve a iniciar sesión para confirmar que eres tú. Después, inténtalo de nuevo.';

/** The Spanish answer to a re-authentication that did not confirm the person. */
function throwUnlessConfirmed(res: Response, result: ReauthOutcome): void {
  switch (result.outcome) {
    case 'confirmed':
      return;
    case 'password_required':
      throw new AppError('current_password_required', 400, CURRENT_PASSWORD_REQUIRED);
    case 'password_wrong':
      throw new AppError('current_password_wrong', 400, CURRENT_PASSWORD_WRONG);
    case 'reauth_required':
      throw new AppError('reauth_required', 403, REAUTH_REQUIRED);
    case 'too_many':
      res.set('Retry-After', String(result.retryAfter));
      throw new AppError('rate_limited', 429, TOO_MANY_MESSAGE);
  }
}

export function profileRouter(
  deps: AuthDeps & { runner: RecommendationRunner; sessions: SessionCaches },
): Router {
  const router = express.Router();
  const { db } = deps;
  router.use(requireUser);

  router.get('/', async (req, res) => {
    const profile = await findProfile(db, currentUser(req).user_id);
    if (!profile) throw notFound('No encontramos tu cuenta.');
    res.set('Cache-Control', 'no-store').json(toProfileDto(profile));
  });

  /** Taste changed: future scores are recomputed in the background; likes and feedback stay. */
  const recompute = async (userId: string) => {
    await forgetFutureScores(deps, userId);
    void deps.runner.kick(userId);
  };

  // Only a real change of taste recomputes (and counts against the fan's taste-change limits).
  router.patch('/', validate({ body: profileUpdateSchema }), async (req, res) => {
    const userId = currentUser(req).user_id;
    const { profile, tasteChanged } = await updateOwnProfile(
      db,
      userId,
      input<ProfileUpdate>(res).body,
    );
    if (tasteChanged) await recompute(userId);
    res.json(toProfileDto(profile));
  });

  // The end of onboarding: genres (and optionally artists) saved, onboarding completed.
  router.put('/onboarding', validate({ body: onboardingSchema }), async (req, res) => {
    const userId = currentUser(req).user_id;
    const { profile, tasteChanged } = await completeOnboarding(
      db,
      userId,
      input<OnboardingInput>(res).body,
    );
    // The same taste again: the scores stand; only concerts still missing one get scored.
    if (tasteChanged) await recompute(userId);
    else void deps.runner.kick(userId);
    res.json(toProfileDto(profile));
  });

  // A stolen session must not get to try passwords at will: every attempt counts, and wrong
  // current passwords are counted again per user (server/users/reauth.ts).
  const passwordLimit = rateLimit(db, [
    { name: 'password-change-user', limit: 5, windowSeconds: 15 * 60, key: byUser },
  ]);
  router.post(
    '/password',
    passwordLimit,
    validate({ body: passwordChangeSchema }),
    async (req, res) => {
      const { currentPassword, newPassword } = input<PasswordChange>(res).body;
      const outcome = await changePassword(deps, currentUser(req).user_id, req.sessionID, {
        currentPassword,
        newPassword,
        authenticatedAt: req.session.authenticatedAt,
      });
      throwUnlessConfirmed(res, outcome);
      res.status(204).end();
    },
  );

  router.delete('/', validate({ body: deleteAccountSchema }), async (req, res) => {
    const { currentPassword } = input<DeleteAccountInput>(res).body;
    const outcome = await deleteAccount(deps, currentUser(req).user_id, {
      currentPassword,
      authenticatedAt: req.session.authenticatedAt,
    });
    throwUnlessConfirmed(res, outcome);
    // The cascade already removed the stored session; forget it here and clear the cookie.
    req.session.destroy(() => {
      clearSessionCookie(res, deps.config).status(204).end();
    });
  });

  router.use('/sessions', sessionsRouter(deps));

  return router;
}
