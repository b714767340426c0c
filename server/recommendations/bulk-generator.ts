// The spec's generateRecommendations for everyone, with the built-in engine: many fans per pass,
// so reading and writing cost a few statements per group instead of several per fan. (With the AI
// engine the cost is the AI calls, which grouping does not reduce: those fans go one by one
// through generator.ts, where each sees their scores fill in.)
//
// Same guarantees as generator.ts: each fan's advisory lock (fan-lock.ts, the same key) is held for
// the pass on the one connection all its statements use (a fan being scored elsewhere is skipped:
// that run finishes them), liked and feedback are never written, and
// a fan whose taste changed meanwhile gets no stale scores (their version is checked in the
// INSERT; they are returned to be scored again on their own).
import { sql } from 'kysely';
import { madridDateTime } from '../lib/time.js';
import type { ConcertToScore, ScoredConcert } from './engine.js';
import { withFanLocks } from './fan-lock.js';
import type { GeneratorDeps } from './generator.js';
import { saveGroupScores, type ScoredTaste } from './group-scores.repository.js';
import { findConcertsToScore } from './recommendations.repository.js';

/** Fans per group job: about 60,000 rows written per pass with 300 concerts. */
export const FANS_PER_GROUP = 200;

interface FanToScore extends ScoredTaste {
  top_genres: string[];
  disliked_genres: string[];
  top_artists: string[];
  /** Future concerts without a score; null when there are none. */
  missing: number[] | null;
}

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
  const { rows: fans } = await sql<FanToScore>`
    SELECT u.user_id, u.top_genres, u.disliked_genres, u.top_artists, u.updated_at::text AS version,
      array_agg(c.id) FILTER (WHERE c.id IS NOT NULL) AS missing
    FROM users u
    LEFT JOIN concerts c ON c.day >= ${today}::date AND NOT EXISTS (
      SELECT 1 FROM user_concert_recommendations r
      WHERE r.user_id = u.user_id AND r.concert_id = c.id AND r.score IS NOT NULL)
    WHERE u.user_id = ANY(${userIds}::uuid[])
    GROUP BY u.user_id
  `.execute(deps.db);
  const concertIds = [...new Set(fans.flatMap((fan) => fan.missing ?? []))];
  const concerts = new Map<number, ConcertToScore>();
  if (concertIds.length > 0) {
    const rows = await findConcertsToScore(deps.db, sql`SELECT unnest(${concertIds}::int[])`);
    for (const concert of rows) concerts.set(concert.id, concert);
  }

  const users: string[] = [];
  const scores: ScoredConcert[] = [];
  for (const fan of fans) {
    const taste = {
      topGenres: fan.top_genres,
      dislikedGenres: fan.disliked_genres,
      topArtists: fan.top_artists,
    };
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
  // Only the flags that change: an untouched users row sends no change notice.
  await sql`
    WITH flags AS (
      SELECT u.user_id, EXISTS (
        SELECT 1 FROM concerts c
        LEFT JOIN user_concert_recommendations r ON r.concert_id = c.id AND r.user_id = u.user_id
        WHERE c.day >= ${today}::date AND r.score IS NULL) AS pending
      FROM users u WHERE u.user_id = ANY(${userIds}::uuid[])
    )
    UPDATE users u SET needs_recommendation = flags.pending
    FROM flags WHERE u.user_id = flags.user_id AND u.needs_recommendation <> flags.pending
  `.execute(deps.db);
  return {
    scored: users.filter((userId) => written.has(userId)).length,
    changed: fans
      .filter((fan) => (fan.missing ?? []).length > 0 && !written.has(fan.user_id))
      .map((fan) => fan.user_id),
  };
}
