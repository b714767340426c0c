// Keeps every fan's scores right when an admin creates a concert or changes what a score depends
// on (genre, bands, cancellation): the old scores are forgotten, then the built-in engine scores
// the concerts for every onboarded fan at once (cheap: rules, no I/O), or, with the AI engine, the
// work goes to the background (one job per fan through pg-boss, or the in-process runner).
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';
import { QUEUES } from '../jobs/queues.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { builtinEngine } from './builtin-engine.js';
import {
  clearConcertScores,
  findOnboardedTastes,
  findScorableConcertIds,
  saveFansScores,
} from './concert-rescore.repository.js';
import type { ScoredConcert } from './engine.js';
import { findConcertsToScoreByIds } from './recommendations.repository.js';
import type { RecommendationRunner } from './runner.js';

export interface RescoreDeps {
  db: Database;
  clock: Clock;
  runner: RecommendationRunner;
  boss?: PgBoss;
}

/** Rows per INSERT: bounded statements whatever the number of fans. */
const WRITE_CHUNK = 5000;

export async function rescoreConcerts(deps: RescoreDeps, concertIds: number[]): Promise<void> {
  await clearConcertScores(deps.db, concertIds);
  const today = madridDateTime(deps.clock()).day;
  const ids = await findScorableConcertIds(deps.db, concertIds, today);
  if (ids.length === 0) return;
  const fans = await findOnboardedTastes(deps.db);
  if (deps.runner.engineName !== 'builtin') {
    if (deps.boss) await deps.boss.send(QUEUES.recommendationsAll, {}, { singletonKey: 'all' });
    else for (const fan of fans) void deps.runner.kick(fan.user_id);
    return;
  }
  const concerts = await findConcertsToScoreByIds(deps.db, ids);
  let rows: { userId: string; version: string; score: ScoredConcert }[] = [];
  for (const fan of fans) {
    const taste = {
      topGenres: fan.top_genres,
      dislikedGenres: fan.disliked_genres,
      topArtists: fan.top_artists,
    };
    for (const score of await builtinEngine.scoreBatch(taste, concerts)) {
      rows.push({ userId: fan.user_id, version: fan.version, score });
    }
    if (rows.length >= WRITE_CHUNK) {
      await saveFansScores(deps.db, rows);
      rows = [];
    }
  }
  await saveFansScores(deps.db, rows);
}
