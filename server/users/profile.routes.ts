import express, { type Router } from 'express';
import {
  onboardingSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  type OnboardingInput,
  type PasswordChange,
  type ProfileUpdate,
} from '../../common/schemas.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { forgetFutureScores } from '../recommendations/generator.js';
import type { RecommendationRunner } from '../recommendations/runner.js';
import { currentUser, requireUser } from '../auth/require-user.js';
import { SESSION_COOKIE } from '../auth/session.js';
import { badRequest, notFound } from '../lib/errors.js';
import { input, validate } from '../lib/validate.js';
import { toProfileDto } from './users.dto.js';
import { changePassword, completeOnboarding, updateOwnProfile } from './profile.service.js';
import { deleteUser, findProfile } from './users.repository.js';

export function profileRouter(deps: AuthDeps & { runner: RecommendationRunner }): Router {
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

  router.post('/password', validate({ body: passwordChangeSchema }), async (req, res) => {
    const { currentPassword, newPassword } = input<PasswordChange>(res).body;
    const outcome = await changePassword(deps, currentUser(req).user_id, req.sessionID, {
      currentPassword,
      newPassword,
    });
    if (outcome === 'current_required') throw badRequest('Introduce tu contraseña actual.');
    if (outcome === 'current_wrong') throw badRequest('La contraseña actual no es correcta.');
    res.status(204).end();
  });

  router.delete('/', async (req, res) => {
    await deleteUser(db, currentUser(req).user_id);
    // The cascade already removed the stored session; forget it here and clear the cookie.
    req.session.destroy(() => {
      res.clearCookie(SESSION_COOKIE).status(204).end();
    });
  });

  return router;
}
