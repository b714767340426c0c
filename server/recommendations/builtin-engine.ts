// The built-in engine: the product's scoring rules applied exactly (verdict.ts), with short varied
// Spanish reasons that state only facts (reasons.ts).
import type { ConcertToScore, FanTaste, RecommendationEngine, ScoredConcert } from './engine.js';
import { reasonFor } from './reasons.js';
import { judge, learnedMove } from './verdict.js';

export function scoreConcert(taste: FanTaste, concert: ConcertToScore): ScoredConcert {
  const verdict = judge(taste, concert);
  const learned = learnedMove(verdict);
  return {
    concertId: concert.id,
    score: verdict.score,
    reason: reasonFor(verdict, taste, concert),
    engine: 'builtin',
    ...(learned ? { learned } : {}),
  };
}

export const builtinEngine: RecommendationEngine = {
  name: 'builtin',
  batchSize: 500,
  concurrency: 1,
  scoreBatch: (taste, concerts) =>
    Promise.resolve(concerts.map((concert) => scoreConcert(taste, concert))),
};
