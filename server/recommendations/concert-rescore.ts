// Keeps every fan's scores right when an admin creates a concert or changes what a score depends
// on (genre, day, bands, cancellation). A cancelled, past or removed concert loses its scores at
// once. With the built-in engine the concerts are scored for every onboarded fan: in a pg-boss job
// when the queue is there (the admin does not wait, and a crashed run is retried by pg-boss), in
// the request otherwise. Fans are read in keyset pages and the scores are upserted over the old
// ones, so memory stays bounded by a page and a crash mid-way never leaves a fan without a score.
// With the AI engine the old scores are forgotten and the all-fans pass is queued (one job per fan
// through pg-boss, or the in-process runner).
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { withHeldConnection } from '../db/held-connections.js';
import { QUEUES, type ConcertRescoreJob } from '../jobs/queues.js';
import { chunk } from '../lib/chunk.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { findOnboardedUserIds } from '../users/users.repository.js';
import { scoreConcert } from './builtin-engine.js';
import {
  clearConcertScores,
  findOnboardedTastesPage,
  findScorableConcertIds,
  lockConcertRescores,
  saveFansScores,
  unlockConcertRescores,
} from './concert-rescore.repository.js';
import type { ScoredConcert } from './engine.js';
import { findConcertsToScoreByIds } from './recommendations.repository.js';
import type { RecommendationRunner } from './runner.js';

export interface RescoreDeps {
  db: Database;
  pool: pg.Pool;
  clock: Clock;
  runner: Pick<RecommendationRunner, 'engineName' | 'kick'>;
  boss?: PgBoss;
}

/** Fans read per page: 2,000 tastes in memory at most, whatever the number of fans. */
export const FANS_PER_PAGE = 2000;
/** Rows per INSERT: bounded statements whatever the number of concerts re-scored together. */
const WRITE_CHUNK = 5000;
const BEFORE_EVERY_UUID = '00000000-0000-0000-0000-000000000000';

export async function rescoreConcerts(deps: RescoreDeps, concertIds: number[]): Promise<void> {
  if (concertIds.length === 0) return;
  const today = madridDateTime(deps.clock()).day;
  const ids = await findScorableConcertIds(deps.db, concertIds, today);
  await clearConcertScores(
    deps.db,
    concertIds.filter((id) => !ids.includes(id)),
  );
  if (ids.length === 0) return;
  if (deps.runner.engineName !== 'builtin') {
    // The AI passes score only what has no score: the old scores go first.
    await clearConcertScores(deps.db, ids);
    if (deps.boss) await deps.boss.send(QUEUES.recommendationsAll, {}, { singletonKey: 'all' });
    else await kickEveryFan(deps);
    return;
  }
  if (deps.boss) {
    const job: ConcertRescoreJob = { concertIds: ids };
    await deps.boss.send(QUEUES.concertRescore, job);
    return;
  }
  await scoreConcertsForEveryFan(deps, ids);
}

async function kickEveryFan(deps: RescoreDeps) {
  let afterId = BEFORE_EVERY_UUID;
  for (;;) {
    const userIds = await findOnboardedUserIds(deps.db, afterId, FANS_PER_PAGE);
    if (userIds.length === 0) return;
    for (const userId of userIds) void deps.runner.kick(userId);
    afterId = userIds[userIds.length - 1]!; // length > 0
  }
}

/**
 * Scores these concerts for every onboarded fan with the built-in engine, page by page, writing
 * over the old scores. Runs of overlapping concerts wait for each other (advisory locks on one
 * held connection), and each reads the concerts after its lock: the later edit is scored last.
 */
export function scoreConcertsForEveryFan(
  deps: { db: Database; pool: pg.Pool; clock: Clock },
  concertIds: number[],
): Promise<{ fans: number; rows: number }> {
  return withHeldConnection(deps, async (connection) => {
    await lockConcertRescores(connection, concertIds);
    try {
      const today = madridDateTime(deps.clock()).day;
      const ids = await findScorableConcertIds(connection, concertIds, today);
      if (ids.length === 0) return { fans: 0, rows: 0 };
      const concerts = await findConcertsToScoreByIds(connection, ids);
      let fans = 0;
      let rows = 0;
      let afterId = BEFORE_EVERY_UUID;
      for (;;) {
        const page = await findOnboardedTastesPage(connection, afterId, FANS_PER_PAGE);
        if (page.length === 0) break;
        const scored: { userId: string; version: string; score: ScoredConcert }[] = [];
        for (const fan of page) {
          const taste = {
            topGenres: fan.top_genres,
            dislikedGenres: fan.disliked_genres,
            topArtists: fan.top_artists,
          };
          for (const concert of concerts) {
            scored.push({
              userId: fan.user_id,
              version: fan.version,
              score: scoreConcert(taste, concert),
            });
          }
        }
        for (const part of chunk(scored, WRITE_CHUNK)) await saveFansScores(connection, part);
        fans += page.length;
        rows += scored.length;
        afterId = page[page.length - 1]!.user_id; // length > 0
      }
      return { fans, rows };
    } finally {
      await unlockConcertRescores(connection, concertIds);
    }
  });
}
