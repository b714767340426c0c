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
import { clearSessionCookie } from '../auth/session-cookie.js';
import { badRequest, notFound } from '../lib/errors.js';
import { input, validate } from '../lib/validate.js';
import { toProfileDto } from './users.dto.js';
import { changePassword, updateOwnProfile } from './profile.service.js';
import { deleteUser, findProfile, updateProfile } from './users.repository.js';

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

  router.patch('/', validate({ body: profileUpdateSchema }), async (req, res) => {
    const update = input<ProfileUpdate>(res).body;
    const userId = currentUser(req).user_id;
    const profile = await updateOwnProfile(db, userId, update);
    if (update.topGenres || update.dislikedGenres || update.topArtists) await recompute(userId);
    res.json(toProfileDto(profile));
  });

  // The end of onboarding: genres (and optionally artists) saved, onboarding completed.
  router.put('/onboarding', validate({ body: onboardingSchema }), async (req, res) => {
    const { topGenres, dislikedGenres, topArtists } = input<OnboardingInput>(res).body;
    const profile = await updateProfile(db, currentUser(req).user_id, {
      top_genres: topGenres,
      disliked_genres: dislikedGenres,
      ...(topArtists ? { top_artists: topArtists } : {}),
      onboarding_completed: true,
    });
    if (!profile) throw notFound('No encontramos tu cuenta.');
    await recompute(currentUser(req).user_id);
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
      clearSessionCookie(res, deps.config).status(204).end();
    });
  });

  return router;
}
