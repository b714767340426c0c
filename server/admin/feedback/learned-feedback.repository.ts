// The admin's counts of scores that learning moved (the learned column, migration 0170): read
// through its partial index, so they cost what the moved rows cost, not every fan's every score.
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

export interface LearnedMoveRow {
  direction: string;
  scores: string;
  thumbs_up: string;
  thumbs_down: string;
}

/**
 * Per direction: stored scores of upcoming, not cancelled concerts that learning moved, and the
 * 👍/👎 given since `since` on moved scores (of any concert).
 */
export async function countLearnedMoves(
  db: Database,
  today: string,
  since: Date,
): Promise<LearnedMoveRow[]> {
  const { rows } = await sql<LearnedMoveRow>`
    SELECT r.learned AS direction,
      count(*) FILTER (WHERE c.day >= ${today}::date AND c.cancelled_at IS NULL) AS scores,
      count(*) FILTER (WHERE r.recommendation_feedback = 1 AND r.feedback_at >= ${since})
        AS thumbs_up,
      count(*) FILTER (WHERE r.recommendation_feedback = -1 AND r.feedback_at >= ${since})
        AS thumbs_down
    FROM user_concert_recommendations r
    JOIN concerts c ON c.id = r.concert_id
    WHERE r.learned IS NOT NULL AND r.score IS NOT NULL
    GROUP BY r.learned`.execute(db);
  return rows;
}

/** Fans with a lesson that still counts at `now`. */
export async function countFansWithLessons(db: Database, now: Date): Promise<number> {
  const row = await db
    .selectFrom('learned_tastes')
    .select((eb) => eb.fn.count<string>('user_id').distinct().as('fans'))
    .where('fades_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.fans);
}
