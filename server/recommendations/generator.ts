// Scores a fan's future concerts that have no score yet, batch by batch, storing each batch as it
// finishes so the agenda fills in progressively. One run per fan at a time, across requests and
// app instances: the fan's advisory lock (fan-lock.ts), held for the whole run on the one
// connection every query of the run uses. Runs wait their turn (FIFO) for that connection in the
// pool's bounded budget (server/db/held-connections.ts), so a crowd cannot exhaust the pool.
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { chunk } from '../lib/chunk.js';
import { forEachLimited } from '../lib/concurrency.js';
import type { Logger } from '../lib/logger.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import type { ConcertToScore, RecommendationEngine } from './engine.js';
import { withFanLocks } from './fan-lock.js';
import { learnedTastesFor } from './learned-lessons.js';
import {
  clearFutureScores,
  countUnscoredConcerts,
  findTaste,
  findUnscoredConcerts,
  saveScores,
  setNeedsRecommendation,
} from './recommendations.repository.js';

export interface GeneratorDeps {
  db: Database;
  /** The pool behind db: its held-connection budget bounds the runs. */
  pool: pg.Pool;
  engine: RecommendationEngine;
  clock: Clock;
  log: Logger;
}

/** One pass over the missing concerts. Returns false when the taste changed under it. */
async function scoreMissing(deps: GeneratorDeps, userId: string, today: string): Promise<boolean> {
  const fan = await findTaste(deps.db, userId);
  if (!fan) return true; // the account was deleted
  const missing: ConcertToScore[] = await findUnscoredConcerts(deps.db, userId, today);
  if (missing.length === 0) return true;
  // What the fan taught us, read after the taste's version: a lesson learned since moves it.
  const learned = await learnedTastesFor(deps.db, [userId], deps.clock());
  const taste = { ...fan.taste, learned: learned.get(userId) };
  await setNeedsRecommendation(deps.db, userId, true);
  let tasteChanged = false;
  await forEachLimited(
    chunk(missing, deps.engine.batchSize),
    deps.engine.concurrency,
    async (batch) => {
      if (tasteChanged) return;
      const scores = await deps.engine.scoreBatch(taste, batch, missing);
      const saved = await saveScores(deps.db, userId, fan.version, scores);
      if (saved === 0 && scores.length > 0) tasteChanged = true;
    },
  );
  return !tasteChanged;
}

/**
 * Generates the fan's missing recommendations. Returns false when another run (here or on another
 * instance) holds the fan's lock: that run will finish the work.
 */
export async function generateForUser(deps: GeneratorDeps, userId: string): Promise<boolean> {
  return withFanLocks(deps, [userId], async (connection, locked) => {
    if (locked.length === 0) return false;
    // Every query of the run on the connection that holds the lock.
    const run = { ...deps, db: connection };
    const today = madridDateTime(deps.clock()).day;
    // A profile change during the run voids its writes; go again with the new taste.
    for (let pass = 0; pass < 5 && !(await scoreMissing(run, userId, today)); pass += 1);
    await setNeedsRecommendation(
      connection,
      userId,
      (await countUnscoredConcerts(connection, userId, today)) > 0,
    );
    return true;
  });
}

/** The fan's genres or artists changed: their future scores are recomputed from scratch. */
export async function forgetFutureScores(
  deps: Pick<GeneratorDeps, 'db' | 'clock'>,
  userId: string,
) {
  await clearFutureScores(deps.db, userId, madridDateTime(deps.clock()).day);
}
