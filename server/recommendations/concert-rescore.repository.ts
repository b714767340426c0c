// SQL of re-scoring some concerts for every fan (an admin changed them or created them).
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import { pageAfter } from '../db/keyset.js';
import type { ScoredConcert } from './engine.js';

/** Forgets every fan's score of these concerts; likes and feedback stay. */
export async function clearConcertScores(db: Database, concertIds: number[]) {
  if (concertIds.length === 0) return;
  await db
    .updateTable('user_concert_recommendations')
    .set({ score: null, reason: null, engine: null, scored_at: null, updated_at: new Date() })
    .where('concert_id', 'in', concertIds)
    .where('score', 'is not', null)
    .execute();
}

/** Of these concerts, the ones a fan is scored for: from today on and not cancelled. */
export async function findScorableConcertIds(db: Database, ids: number[], today: string) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('concerts')
    .select('id')
    .where('id', 'in', ids)
    .where('day', '>=', today)
    .where('cancelled_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

export interface FanTasteRow {
  user_id: string;
  top_genres: string[];
  disliked_genres: string[];
  top_artists: string[];
  locale: string | null;
  /** users.updated_at as text: the taste the scores are computed for. */
  version: string;
}

/** One page of onboarded fans' tastes, in user_id order after `afterId` (keyset: bounded reads). */
export function findOnboardedTastesPage(
  db: Database,
  afterId: string,
  limit: number,
): Promise<FanTasteRow[]> {
  return db
    .selectFrom('users')
    .select([
      'user_id',
      'top_genres',
      'disliked_genres',
      'top_artists',
      'locale',
      sql<string>`updated_at::text`.as('version'),
    ])
    .where('onboarding_completed', '=', true)
    .$call((query) => pageAfter(query, 'user_id', afterId, limit))
    .execute();
}

/** The advisory lock key of re-scoring one concert (session lock: same connection to release). */
const rescoreLockKey = (id: RawBuilder<unknown>) =>
  sql`hashtextextended('concert-rescore:' || ${id}, 0)`;

/**
 * Waits for the re-scoring locks of these concerts, in id order (two runs over overlapping sets
 * never wait on each other in a circle).
 */
export async function lockConcertRescores(connection: Database, concertIds: number[]) {
  for (const id of [...concertIds].sort((a, b) => a - b)) {
    await sql`SELECT pg_advisory_lock(${rescoreLockKey(sql`${id}::text`)})`.execute(connection);
  }
}

export async function unlockConcertRescores(connection: Database, concertIds: number[]) {
  if (concertIds.length === 0) return;
  await sql`SELECT pg_advisory_unlock(${rescoreLockKey(sql`id::text`)})
            FROM unnest(${concertIds}::int[]) AS id`.execute(connection);
}

/**
 * Writes scores of many fans at once, each only while the fan's taste is still the scored one
 * (a profile change meanwhile wins) and only for concerts still there and not cancelled.
 */
export async function saveFansScores(
  db: Database,
  rows: { userId: string; version: string; score: ScoredConcert }[],
) {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO user_concert_recommendations AS r
      (user_id, concert_id, score, reason, engine, learned, scored_at, updated_at)
    SELECT s.user_id, s.concert_id, s.score, s.reason, s.engine, s.learned, now(), now()
    FROM unnest(${rows.map((r) => r.userId)}::uuid[], ${rows.map((r) => r.version)}::text[],
                ${rows.map((r) => r.score.concertId)}::int[], ${rows.map((r) => r.score.score)}::text[],
                ${rows.map((r) => r.score.reason)}::text[], ${rows.map((r) => r.score.engine)}::text[],
                ${rows.map((r) => r.score.learned ?? null)}::text[])
      AS s(user_id, version, concert_id, score, reason, engine, learned)
    JOIN users u ON u.user_id = s.user_id AND u.updated_at::text = s.version
    JOIN concerts c ON c.id = s.concert_id AND c.cancelled_at IS NULL
    ON CONFLICT (user_id, concert_id) DO UPDATE SET
      score = excluded.score, reason = excluded.reason, engine = excluded.engine,
      learned = excluded.learned, scored_at = excluded.scored_at, updated_at = excluded.updated_at
  `.execute(db);
}
