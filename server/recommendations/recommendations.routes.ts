import express, { type Router } from 'express';
import { currentUser, requireUser } from '../accounts/require-user.js';
import {
  recommendationProgress,
  startGeneration,
  type RecommendationsDeps,
} from './recommendations.service.js';
import { recommendationProgressSchema } from '../../common/concerts/responses.js';
import { route } from '../lib/route.js';

export function recommendationsRouter(deps: RecommendationsDeps): Router {
  const router = express.Router();
  router.use(requireUser);

  // Starts scoring the fan's missing concerts in the background and answers at once.
  router.post(
    '/generate',
    route(
      {
        summary: 'Empezar a valorar los conciertos que faltan',
        response: recommendationProgressSchema,
        status: 202,
      },
      async (req, res) => {
        res.status(202).json(await startGeneration(deps, currentUser(req).user_id));
      },
    ),
  );

  router.get(
    '/progress',
    route(
      {
        summary: 'Cuántos conciertos del fan están valorados',
        response: recommendationProgressSchema,
      },
      async (req, res) => {
        res
          .set('Cache-Control', 'no-store')
          .json(await recommendationProgress(deps, currentUser(req).user_id));
      },
    ),
  );
  return router;
}
