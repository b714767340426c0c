// A fan's own recommendations: how far their scoring is, and starting it (recommendations.routes.ts).
import type { RecommendationProgressDto } from '../../common/concerts/types.js';
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

export const GENERATE_TOO_OFTEN = 'error.recommendations.tooOften';

export interface RecommendationsDeps {
  db: Database;
  clock: Clock;
  runner: RecommendationRunner;
}

/** How many of the fan's future concerts have a score; running while work remains. */
export async function recommendationProgress(
  deps: Pick<RecommendationsDeps, 'db' | 'clock'>,
  userId: string,
): Promise<RecommendationProgressDto> {
  const row = await progressOf(deps.db, userId, madridDateTime(deps.clock()).day);
  return { total: row.total, scored: row.scored, running: row.running || row.scored < row.total };
}

/**
 * Starts scoring the fan's missing concerts in the background (nothing to do: nothing counted) and
 * answers the progress before the start. Over GENERATE_LIMIT: a RateLimitedError, nothing started.
 */
export async function startGeneration(
  deps: RecommendationsDeps,
  userId: string,
): Promise<RecommendationProgressDto> {
  const before = await recommendationProgress(deps, userId);
  if (before.scored < before.total) {
    const { limit, windowSeconds } = GENERATE_LIMIT;
    const wait = await hit(deps.db, `generate:${userId}`, limit, windowSeconds);
    if (wait > 0) throw new RateLimitedError('generate_rate_limited', GENERATE_TOO_OFTEN, wait);
    void deps.runner.kick(userId);
  }
  return before;
}
