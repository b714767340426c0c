// /api/profile/learned: what we learned from the fan's 👍/👎, likes and 'Voy', and forgetting it
// (behind requireUser, see profile.routes.ts).
import express, { type Router } from 'express';
import { learnedTastesSchema } from '../../common/learning/responses.js';
import { forgetLearnedSchema } from '../../common/learning/schemas.js';
import { currentUser } from '../accounts/require-user.js';
import { readerLocale } from '../i18n/intl.js';
import { route } from '../lib/route.js';
import { forgetOwnLearnedTaste, ownLearnedTastes, type LearnedDeps } from './learned.service.js';

export function learnedRouter(deps: LearnedDeps): Router {
  const router = express.Router();

  router.get(
    '/',
    route(
      {
        summary: 'Lo que hemos aprendido del fan: cada gusto aprendido y de dónde viene',
        response: learnedTastesSchema,
      },
      async (req, res) => {
        const answer = await ownLearnedTastes(deps, currentUser(req).user_id, readerLocale(req));
        res.set('Cache-Control', 'no-store').json(answer);
      },
    ),
  );

  // Forgetting leaves the fan's likes and ratings as they are: only what they taught us so far
  // stops counting, and their scores go back to what their declared tastes give.
  router.post(
    '/forget',
    route(
      {
        body: forgetLearnedSchema,
        summary: 'Olvidar un gusto aprendido (un género o una banda)',
        response: learnedTastesSchema,
      },
      async (req, res, { body }) => {
        const userId = currentUser(req).user_id;
        res.json(await forgetOwnLearnedTaste(deps, userId, body, readerLocale(req)));
      },
    ),
  );
  return router;
}
