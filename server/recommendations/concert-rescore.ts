// Keeps every fan's scores right when an admin creates a concert or changes what a score depends
// on (genre, day, bands, cancellation). A cancelled, past or removed concert loses its scores with
// the edit. With the built-in engine the concerts are scored for every onboarded fan: in a pg-boss
// job when the queue is there, queued in the edit's own transaction (so a crash right after the
// commit cannot lose it; the admin does not wait, and a crashed run is retried by pg-boss), in the
// request after the commit otherwise. Fans are read in keyset pages and the scores are upserted
// over the old ones, so memory stays bounded by a page and a crash mid-way never leaves a fan
// without a score. With the AI engine the old scores are forgotten and the all-fans pass is queued
// the same way (one job per fan through pg-boss, or the in-process runner after the commit).
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { bossDbOf } from '../db/boss-db.js';
import type { Database } from '../db/database.js';
import { withHeldConnection } from '../db/held-connections.js';
import { QUEUES, type ArtistAlertsJob, type ConcertRescoreJob } from '../jobs/queues.js';
import { chunk } from '../lib/chunk.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { findOnboardedUserIds } from '../accounts/users.repository.js';
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
import { learnedTastesFor } from './learned-lessons.js';
import { findConcertsToScoreByIds, tasteOfRow } from './recommendations.repository.js';
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

/**
 * What an edit leaves for after its commit when there is no job queue: its concerts to score for
 * every fan in the request (built-in engine), or every fan to kick through the in-process runner
 * (AI engine), and the concerts whose artist alerts follow. With the queue, nothing: the jobs were
 * queued with the edit.
 */
export type PendingRescore =
  | { kind: 'none' }
  | { kind: 'score'; concertIds: number[]; alertIds: number[] }
  | { kind: 'kick'; alertIds: number[] };

export const NO_RESCORE: PendingRescore = { kind: 'none' };

/**
 * Inside the edit's transaction `trx`: the scores of concerts that can no longer be scored
 * (cancelled, past, removed) go, and the re-scoring of the others is queued in the same
 * transaction, so it commits or rolls back with the edit. With `appeared` (a new concert, or a
 * band linked to one) the fans' artist alerts follow the scoring. `finishRescore` does the rest
 * after the commit.
 */
export async function queueRescore(
  deps: RescoreDeps,
  trx: Database,
  concertIds: number[],
  { appeared = false }: { appeared?: boolean } = {},
): Promise<PendingRescore> {
  if (concertIds.length === 0) return NO_RESCORE;
  const today = madridDateTime(deps.clock()).day;
  const ids = await findScorableConcertIds(trx, concertIds, today);
  await clearConcertScores(
    trx,
    concertIds.filter((id) => !ids.includes(id)),
  );
  if (ids.length === 0) return NO_RESCORE;
  const withTheEdit = { db: bossDbOf(trx) };
  const alertIds = appeared ? ids : [];
  if (deps.runner.engineName !== 'builtin') {
    // The AI passes score only what has no score: the old scores go first.
    await clearConcertScores(trx, ids);
    if (!deps.boss) return { kind: 'kick', alertIds };
    await deps.boss.send(QUEUES.recommendationsAll, {}, { singletonKey: 'all', ...withTheEdit });
    // The fans' scores come later, one by one: each alert waits for its fan's (artist-alerts.ts).
    if (appeared) {
      const alerts: ArtistAlertsJob = { concertIds: ids };
      await deps.boss.send(QUEUES.artistAlerts, alerts, withTheEdit);
    }
    return NO_RESCORE;
  }
  if (!deps.boss) return { kind: 'score', concertIds: ids, alertIds };
  const job: ConcertRescoreJob = { concertIds: ids, ...(appeared ? { alerts: true } : {}) };
  await deps.boss.send(QUEUES.concertRescore, job, withTheEdit);
  return NO_RESCORE;
}

/** After the commit, without a job queue: the work the queue would have done. */
export async function finishRescore(deps: RescoreDeps, pending: PendingRescore): Promise<void> {
  if (pending.kind === 'score') await scoreConcertsForEveryFan(deps, pending.concertIds);
  else if (pending.kind === 'kick') await kickEveryFan(deps);
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
        // Read after the versions: a fan whose lessons change meanwhile gets nothing stale.
        const learned = await learnedTastesFor(
          connection,
          page.map((fan) => fan.user_id),
          deps.clock(),
        );
        const scored: { userId: string; version: string; score: ScoredConcert }[] = [];
        for (const fan of page) {
          const taste = { ...tasteOfRow(fan), learned: learned.get(fan.user_id) };
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
