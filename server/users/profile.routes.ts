import express, { type Response, type Router } from 'express';
import type { z } from 'zod';
import {
  deleteAccountSchema,
  onboardingSchema,
  passwordChangeSchema,
  profileUpdateSchema,
} from '../../common/profile/schemas.js';
import type { AuthDeps } from '../accounts/account-deps.js';
import type { RecommendationRunner } from '../recommendations/runner.js';
import { currentUser, requireUser } from '../accounts/require-user.js';
import { type SessionCaches } from '../accounts/session.js';
import { clearSessionCookie } from '../accounts/session-cookie.js';
import { AppError } from '../lib/errors.js';
import { route } from '../lib/route.js';
import { byUser, rateLimit, TOO_MANY_MESSAGE } from '../security/rate-limit.js';
import {
  changePassword,
  completeOnboarding,
  deleteAccount,
  ownProfile,
  updateOwnProfile,
} from './profile.service.js';
import type { ReauthOutcome } from './reauth.js';
import { sessionsRouter } from './sessions.routes.js';
import { learnedRouter } from './learned.routes.js';
import type { Learner } from '../recommendations/learned-learner.js';
import { calendarSettingsRouter } from '../calendar/calendar-settings.routes.js';
import type { ProfileDto } from '../../common/profile/types.js';
import { dataExportSchema, profileSchema } from '../../common/profile/responses.js';
import { exportOwnData } from './data-export.service.js';

export const CURRENT_PASSWORD_REQUIRED = 'error.password.currentMissing';
export const CURRENT_PASSWORD_WRONG = 'error.password.currentWrong';
export const EXPORT_TOO_MANY = 'error.profile.exportTooOften';
export const REAUTH_REQUIRED = 'error.auth.reauthRequired';

/** The answer to a re-authentication that did not confirm the person. */
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
  deps: AuthDeps & { runner: RecommendationRunner; sessions: SessionCaches; learner: Learner },
): Router {
  const router = express.Router();
  const { db } = deps;
  router.use(requireUser);

  router.get(
    '/',
    route({ summary: 'El perfil del fan', response: profileSchema }, async (req, res) => {
      const profile = await ownProfile(db, currentUser(req).user_id);
      res.set('Cache-Control', 'no-store').json(profile);
    }),
  );

  /** Saves what the body says of the fan and answers the whole profile. */
  const savesProfile = <B extends z.ZodType>(
    body: B,
    summary: string,
    save: (profileDeps: typeof deps, userId: string, body: z.output<B>) => Promise<ProfileDto>,
  ) =>
    route({ body, summary, response: profileSchema }, async (req, res, input) => {
      res.json(await save(deps, currentUser(req).user_id, input.body));
    });

  // Only a real change of taste recomputes (and counts against the fan's taste-change limits).
  router.patch(
    '/',
    savesProfile(profileUpdateSchema, 'Cambiar nombre, gustos o suscripción', updateOwnProfile),
  );
  // The end of onboarding: genres (and optionally artists) saved, onboarding completed.
  router.put(
    '/onboarding',
    savesProfile(
      onboardingSchema,
      'Terminar la bienvenida: géneros y artistas',
      completeOnboarding,
    ),
  );

  // A stolen session must not get to try passwords at will: every attempt counts, and wrong
  // current passwords are counted again per user (server/users/reauth.ts).
  const passwordLimit = rateLimit(db, [
    { name: 'password-change-user', limit: 5, windowSeconds: 15 * 60, key: byUser },
  ]);
  router.post(
    '/password',
    passwordLimit,
    route(
      { body: passwordChangeSchema, summary: 'Cambiar (o poner) la contraseña', status: 204 },
      async (req, res, { body }) => {
        const { currentPassword, newPassword } = body;
        const outcome = await changePassword(deps, currentUser(req).user_id, req.sessionID, {
          currentPassword,
          newPassword,
          authenticatedAt: req.session.authenticatedAt,
        });
        throwUnlessConfirmed(res, outcome);
        res.status(204).end();
      },
    ),
  );

  router.delete(
    '/',
    route(
      { body: deleteAccountSchema, summary: 'Borrar la cuenta', status: 204 },
      async (req, res, { body }) => {
        const outcome = await deleteAccount(deps, currentUser(req).user_id, {
          currentPassword: body.currentPassword,
          authenticatedAt: req.session.authenticatedAt,
        });
        throwUnlessConfirmed(res, outcome);
        // The cascade already removed the stored session; forget it here and clear the cookie.
        req.session.destroy(() => {
          clearSessionCookie(res, deps.config).status(204).end();
        });
      },
    ),
  );

  // Each file reads every row of the fan: five an hour is plenty for a person and bounds the load
  // one session can make.
  const exportLimit = rateLimit(
    db,
    [{ name: 'data-export-user', limit: 5, windowSeconds: 60 * 60, key: byUser }],
    EXPORT_TOO_MANY,
  );
  router.get(
    '/export',
    exportLimit,
    route(
      {
        summary: 'Descargar mis datos: todo lo que guardamos del fan, en un archivo JSON',
        response: dataExportSchema,
      },
      async (req, res) => {
        const { file, fileName } = await exportOwnData(
          deps,
          currentUser(req).user_id,
          req.sessionID,
        );
        // Indented: the file is for people too. The name is plain ASCII, quoted as browsers expect.
        res
          .set('Content-Disposition', `attachment; filename="${fileName}"`)
          .set('Cache-Control', 'no-store')
          .type('json')
          .send(JSON.stringify(file, null, 2));
      },
    ),
  );

  router.use('/sessions', sessionsRouter(deps));
  router.use('/learned', learnedRouter(deps));
  router.use(
    '/calendar',
    calendarSettingsRouter({ db, clock: deps.clock, publicUrl: deps.config.publicUrl }),
  );

  return router;
}
