import express, { type Router } from 'express';
import type { RecommendationProgressDto } from '../../common/dto.js';
import { currentUser, requireUser } from '../auth/require-user.js';
import type { Database } from '../db/database.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { progressOf } from './recommendations.repository.js';
import type { RecommendationRunner } from './runner.js';

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
    if (before.scored < before.total) void deps.runner.kick(userId);
    res.status(202).json(before);
  });

  router.get('/progress', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await progress(currentUser(req).user_id));
  });
  return router;
}
