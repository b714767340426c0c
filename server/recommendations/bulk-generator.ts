// Recommendations for everyone at once, with the built-in engine: many fans per pass,
// so reading and writing cost a few statements per group instead of several per fan. (With the AI
// engine the cost is the AI calls, which grouping does not reduce: those fans go one by one
// through generator.ts, where each sees their scores fill in.)
//
// Same guarantees as generator.ts: each fan's advisory lock (fan-lock.ts, the same key) is held for
// the pass on the one connection all its statements use (a fan being scored elsewhere is skipped:
// that run finishes them), liked and feedback are never written, and
// a fan whose taste changed meanwhile gets no stale scores (their version is checked in the
// INSERT; they are returned to be scored again on their own).
import { madridDateTime } from '../lib/time.js';
import type { ConcertToScore, ScoredConcert } from './engine.js';
import { withFanLocks } from './fan-lock.js';
import type { GeneratorDeps } from './generator.js';
import { saveGroupScores } from './group-scores.repository.js';
import { learnedTastesFor } from './learned-lessons.js';
import {
  findConcertsToScoreByIds,
  findGroupFansToScore,
  refreshNeedsRecommendation,
  tasteOfRow,
} from './recommendations.repository.js';

/**
 * Fans per group job: about 75,000 rows written per pass with 300 concerts. A divisor of the
 * fan-out's pages of 500 fans (server/workers.ts), so every job is full: with 200, one job
 * in three held 100 fans (600 jobs for 100,000 fans instead of 400).
 */
export const FANS_PER_GROUP = 250;

export interface GroupResult {
  scored: number;
  /** Fans whose scores were not written because their taste changed during the pass. */
  changed: string[];
}

export function generateForGroup(deps: GeneratorDeps, userIds: string[]): Promise<GroupResult> {
  // Every statement of the pass on the connection that holds the locks (see fan-lock.ts).
  return withFanLocks(deps, userIds, (connection, locked) =>
    scoreGroup({ ...deps, db: connection }, locked),
  );
}

async function scoreGroup(deps: GeneratorDeps, userIds: string[]): Promise<GroupResult> {
  if (userIds.length === 0) return { scored: 0, changed: [] };
  const today = madridDateTime(deps.clock()).day;
  const fans = await findGroupFansToScore(deps.db, userIds, today);
  const concertIds = [...new Set(fans.flatMap((fan) => fan.missing ?? []))];
  const concerts = new Map<number, ConcertToScore>();
  if (concertIds.length > 0) {
    const rows = await findConcertsToScoreByIds(deps.db, concertIds);
    for (const concert of rows) concerts.set(concert.id, concert);
  }

  // What each fan taught us, read after their taste's version (see learned-relearn.ts).
  const learned = await learnedTastesFor(deps.db, userIds, deps.clock());

  const users: string[] = [];
  const scores: ScoredConcert[] = [];
  for (const fan of fans) {
    const taste = { ...tasteOfRow(fan), learned: learned.get(fan.user_id) };
    const missing = (fan.missing ?? []).flatMap((id) => concerts.get(id) ?? []);
    const { batchSize } = deps.engine;
    for (let i = 0; i < missing.length; i += batchSize) {
      for (const score of await deps.engine.scoreBatch(taste, missing.slice(i, i + batchSize))) {
        users.push(fan.user_id);
        scores.push(score);
      }
    }
  }
  const written = await saveGroupScores(deps.db, fans, users, scores);
  await refreshNeedsRecommendation(deps.db, userIds, today);
  return {
    scored: users.filter((userId) => written.has(userId)).length,
    changed: fans
      .filter((fan) => (fan.missing ?? []).length > 0 && !written.has(fan.user_id))
      .map((fan) => fan.user_id),
  };
}
