import { sql, type RawBuilder } from 'kysely';
import { savedLocale } from '../../common/i18n/locales.js';
import type { Database } from '../db/database.js';
import { setUserColumns } from '../accounts/users.repository.js';
import type { ConcertToScore, FanTaste, ScoredConcert } from './engine.js';
import type { ScoredTaste } from './group-scores.repository.js';

/** A users row's taste, and the language of its reasons. */
export const tasteOfRow = (row: {
  top_genres: string[];
  disliked_genres: string[];
  top_artists: string[];
  locale: string | null;
}): FanTaste => ({
  topGenres: row.top_genres,
  dislikedGenres: row.disliked_genres,
  topArtists: row.top_artists,
  locale: savedLocale(row.locale),
});

export async function findTaste(db: Database, userId: string) {
  const row = await db
    .selectFrom('users')
    .select([
      'top_genres',
      'disliked_genres',
      'top_artists',
      'locale',
      sql<string>`updated_at::text`.as('version'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const taste = tasteOfRow(row);
  // Full microsecond precision as text: a JS Date would round it and never compare equal.
  return { taste, version: row.version };
}

/** Future concerts (day on or after today) this fan has no score for, by day then hour. */
export function findUnscoredConcerts(
  db: Database,
  userId: string,
  today: string,
): Promise<ConcertToScore[]> {
  return findConcertsToScore(
    db,
    sql`SELECT c.id FROM concerts c
      LEFT JOIN user_concert_recommendations r
        ON r.concert_id = c.id AND r.user_id = ${userId}::uuid
      WHERE c.day >= ${today}::date AND c.cancelled_at IS NULL AND r.score IS NULL`,
  );
}

/** What an engine needs of the concerts whose ids `ids` selects, by day then hour. */
async function findConcertsToScore(
  db: Database,
  ids: RawBuilder<unknown>,
): Promise<ConcertToScore[]> {
  // Bands are aggregated in one grouped join over the selected concerts, not once per concert.
  const result = await sql<ConcertToScore>`
    WITH missing AS (
      SELECT c.id, c.day, c.hour, c.genre, c.bandname,
        coalesce(c.description_short, c.concert_description) AS description,
        coalesce(c.description_short_ca, c.description_short, c.concert_description) AS description_ca
      FROM concerts c WHERE c.id IN (${ids})
    ), band_lists AS (
      SELECT cb.concert_id, json_agg(json_build_object('name', b.band_name, 'genres', b.band_genres))
        AS bands
      FROM missing m JOIN concert_band cb ON cb.concert_id = m.id JOIN bands b ON b.id = cb.band_id
      GROUP BY cb.concert_id
    )
    SELECT m.id, m.day, to_char(m.hour, 'HH24:MI') AS hour, m.genre, m.bandname AS name,
      m.description, m.description_ca AS "descriptionCa", coalesce(bl.bands, '[]'::json) AS bands
    FROM missing m LEFT JOIN band_lists bl ON bl.concert_id = m.id
    ORDER BY m.day, m.hour, m.id
  `.execute(db);
  return result.rows;
}

/**
 * Stores scores without touching liked or feedback. Written only while the fan's taste is still
 * the one the scores were computed for (users.updated_at): a profile change mid-run wins.
 */
export async function saveScores(
  db: Database,
  userId: string,
  tasteVersion: string,
  scores: ScoredConcert[],
): Promise<number> {
  if (scores.length === 0) return 0;
  const result = await sql`
    INSERT INTO user_concert_recommendations AS r
      (user_id, concert_id, score, reason, engine, learned, scored_at, updated_at)
    SELECT ${userId}::uuid, s.concert_id, s.score, s.reason, s.engine, s.learned, now(), now()
    FROM unnest(${scores.map((s) => s.concertId)}::int[], ${scores.map((s) => s.score)}::text[],
                ${scores.map((s) => s.reason)}::text[], ${scores.map((s) => s.engine)}::text[],
                ${scores.map((s) => s.learned ?? null)}::text[])
      AS s(concert_id, score, reason, engine, learned)
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.user_id = ${userId}::uuid
                  AND u.updated_at::text = ${tasteVersion})
      AND EXISTS (SELECT 1 FROM concerts c WHERE c.id = s.concert_id)
    ON CONFLICT (user_id, concert_id) DO UPDATE SET
      score = excluded.score, reason = excluded.reason, engine = excluded.engine,
      learned = excluded.learned, scored_at = excluded.scored_at, updated_at = excluded.updated_at
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** How many future concerts this fan still has no score for. */
export async function countUnscoredConcerts(db: Database, userId: string, today: string) {
  const row = await sql<{ missing: number }>`
    SELECT count(*)::int AS missing
    FROM concerts c
    LEFT JOIN user_concert_recommendations r ON r.concert_id = c.id AND r.user_id = ${userId}::uuid
    WHERE c.day >= ${today}::date AND c.cancelled_at IS NULL AND r.score IS NULL
  `.execute(db);
  return row.rows[0]!.missing;
}

export const setNeedsRecommendation = (db: Database, userId: string, value: boolean) =>
  setUserColumns(db, userId, { needs_recommendation: value });

/** Forgets the future scores of a fan (their taste changed); likes and feedback stay. */
export async function clearFutureScores(db: Database, userId: string, today: string) {
  await sql`
    UPDATE user_concert_recommendations r
    SET score = NULL, reason = NULL, engine = NULL, scored_at = NULL, updated_at = now()
    FROM concerts c
    WHERE c.id = r.concert_id AND r.user_id = ${userId}::uuid AND c.day >= ${today}::date AND c.cancelled_at IS NULL
  `.execute(db);
}

export async function progressOf(db: Database, userId: string, today: string) {
  const row = await sql<{ total: number; scored: number; running: boolean }>`
    SELECT count(*)::int AS total, count(r.score)::int AS scored,
      (SELECT needs_recommendation FROM users WHERE user_id = ${userId}::uuid) AS running
    FROM concerts c
    LEFT JOIN user_concert_recommendations r ON r.concert_id = c.id AND r.user_id = ${userId}::uuid
    WHERE c.day >= ${today}::date AND c.cancelled_at IS NULL
  `.execute(db);
  return row.rows[0]!;
}

/** What an engine needs of the concerts with these ids, by day then hour. */
export function findConcertsToScoreByIds(db: Database, ids: number[]): Promise<ConcertToScore[]> {
  return findConcertsToScore(db, sql`SELECT unnest(${ids}::int[])`);
}

/** A fan of a group pass: their taste, its version, and their future concerts without a score. */
export interface GroupFanToScore extends ScoredTaste {
  top_genres: string[];
  disliked_genres: string[];
  top_artists: string[];
  locale: string | null;
  /** Future concerts without a score; null when there are none. */
  missing: number[] | null;
}

/**
 * The fans of a group pass (bulk-generator.ts) with what each still lacks, in one statement. The
 * group's scored rows are read once by range (`scored`) and the check against them is hashed,
 * instead of probing the primary key once per fan × concert (75,000 index descents a group, even
 * when nothing is scored yet).
 */
export async function findGroupFansToScore(
  db: Database,
  userIds: string[],
  today: string,
): Promise<GroupFanToScore[]> {
  const { rows } = await sql<GroupFanToScore>`
    WITH scored AS (
      SELECT r.user_id, r.concert_id FROM user_concert_recommendations r
      WHERE r.user_id = ANY(${userIds}::uuid[]) AND r.score IS NOT NULL
    )
    SELECT u.user_id, u.top_genres, u.disliked_genres, u.top_artists, u.locale,
      u.updated_at::text AS version,
      array_agg(c.id) FILTER (WHERE c.id IS NOT NULL) AS missing
    FROM users u
    LEFT JOIN concerts c ON c.day >= ${today}::date AND c.cancelled_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM scored s WHERE s.user_id = u.user_id AND s.concert_id = c.id)
    WHERE u.user_id = ANY(${userIds}::uuid[])
    GROUP BY u.user_id
  `.execute(db);
  return rows;
}

/**
 * Sets each fan's needs_recommendation to whether a future concert still lacks their score. Only
 * the flags that change are written: an untouched users row sends no change notice.
 */
export async function refreshNeedsRecommendation(
  db: Database,
  userIds: string[],
  today: string,
): Promise<void> {
  await sql`
    WITH flags AS (
      SELECT u.user_id, EXISTS (
        SELECT 1 FROM concerts c
        LEFT JOIN user_concert_recommendations r ON r.concert_id = c.id AND r.user_id = u.user_id
        WHERE c.day >= ${today}::date AND c.cancelled_at IS NULL AND r.score IS NULL) AS pending
      FROM users u WHERE u.user_id = ANY(${userIds}::uuid[])
    )
    UPDATE users u SET needs_recommendation = flags.pending
    FROM flags WHERE u.user_id = flags.user_id AND u.needs_recommendation <> flags.pending
  `.execute(db);
}
