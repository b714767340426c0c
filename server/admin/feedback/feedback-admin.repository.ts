// All SQL of the fans' 👍/👎 as the admin sees them (GET /api/admin/feedback). Feedback 0 (none,
// or taken back) never counts; `since` is an instant of the app's clock, never the database's.
import { sql } from 'kysely';
import { bandNamesOfConcert } from '../../concerts/concerts.repository.js';
import type { Database } from '../../db/database.js';

export interface FeedbackCountRow {
  /** Null for rows written before the engine was recorded. */
  engine: string | null;
  score: string;
  thumbs_up: string;
  thumbs_down: string;
}

/** 👍 and 👎 given since `since`, per engine and score; unscored rows have no level to count in. */
export function countFeedbackByEngineAndScore(
  db: Database,
  since: Date,
): Promise<FeedbackCountRow[]> {
  return db
    .selectFrom('user_concert_recommendations as r')
    .select((eb) => [
      'r.engine',
      eb.ref('r.score').$notNull().as('score'),
      eb.fn.countAll<string>().filterWhere('r.recommendation_feedback', '=', 1).as('thumbs_up'),
      eb.fn.countAll<string>().filterWhere('r.recommendation_feedback', '=', -1).as('thumbs_down'),
    ])
    .where('r.recommendation_feedback', '<>', 0)
    .where('r.feedback_at', '>=', since)
    .where('r.score', 'is not', null)
    .groupBy(['r.engine', 'r.score'])
    .execute();
}

export interface DislikedConcertRow {
  id: number;
  day: string;
  venue: string;
  genre: string;
  bandname: string | null;
  band_names: string[];
  thumbs_down: string;
}

/** The concerts with the most 👎 given since `since` (ties: lower id first), at most `limit`. */
export function findMostDislikedConcerts(
  db: Database,
  since: Date,
  limit: number,
): Promise<DislikedConcertRow[]> {
  return db
    .selectFrom('user_concert_recommendations as r')
    .innerJoin('concerts as c', 'c.id', 'r.concert_id')
    .select((eb) => [
      'c.id',
      'c.day',
      'c.venue',
      'c.genre',
      'c.bandname',
      bandNamesOfConcert.as('band_names'),
      eb.fn.countAll<string>().as('thumbs_down'),
    ])
    .where('r.recommendation_feedback', '=', -1)
    .where('r.feedback_at', '>=', since)
    .groupBy('c.id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}
