import express, { type Router } from 'express';
import type { RecommendationProgressDto } from '../../common/dto.js';
import { currentUser, requireUser } from '../auth/require-user.js';
import type { Database } from '../db/database.js';
import { RateLimitedError } from '../lib/errors.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { hit } from '../security/rate-limit.js';
import { progressOf } from './recommendations.repository.js';
import type { RecommendationRunner } from './runner.js';

/**
 * Generation starts per fan and hour. A start only scores concerts still lacking a score, so its
 * AI cost is already bounded by the taste-change limits and new concerts; this stops a client from
 * hammering the route. Only a request that starts work counts (the agenda asks at every visit).
 */
export const GENERATE_LIMIT = { limit: 30, windowSeconds: 60 * 60 };

export function recommendationsRouter(deps: {
  db: Database;
  clock: Clock;
  runner: RecommendationRunner;
}): Router {
  const router = express.Router();
  router.use(requireUser);

  const progress = async (userId: string): Promise<RecommendationProgressDto> => {
    const row = await progressOf(deps.db, userId, madridDateTime(deps.clock()).day);
    return { total: row.total, scored: row.scored, running: row.running || row.scored < row.total };
  };

  // Starts scoring the fan's missing concerts in the background and answers at once.
  router.post('/generate', async (req, res) => {
    const userId = currentUser(req).user_id;
    const before = await progress(userId);
    if (before.scored < before.total) {
      const { limit, windowSeconds } = GENERATE_LIMIT;
      const wait = await hit(deps.db, `generate:${userId}`, limit, windowSeconds);
      if (wait > 0) {
        throw new RateLimitedError(
          'generate_rate_limited',
          'Has pedido tus recomendaciones demasiadas veces seguidas. Espera un poco: las que ' +
            'ya están en marcha siguen calculándose.',
          wait,
        );
      }
      void deps.runner.kick(userId);
    }
    res.status(202).json(before);
  });

  router.get('/progress', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await progress(currentUser(req).user_id));
  });
  return router;
}
