// Frozen in time: never edit after release; add a new migration instead.
// When a fan gave their 👍/👎 (the admin sees the last 30 days of feedback).
// updated_at cannot tell: a like and every rescoring of the row move it too, so a feedback given
// months ago would look recent after the next recommendations pass. `feedback_at` moves only when
// the feedback is set. Rows that already have feedback get their updated_at, the latest moment
// the feedback can have been given.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE user_concert_recommendations ADD COLUMN feedback_at timestamptz;
    UPDATE user_concert_recommendations SET feedback_at = updated_at
      WHERE recommendation_feedback <> 0;
    CREATE INDEX user_concert_recommendations_feedback_at_idx
      ON user_concert_recommendations (feedback_at) WHERE recommendation_feedback <> 0;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX user_concert_recommendations_feedback_at_idx;
    ALTER TABLE user_concert_recommendations DROP COLUMN feedback_at;
  `.execute(db);
}
