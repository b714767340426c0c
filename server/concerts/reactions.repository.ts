// SQL for a fan's like and feedback on a concert (user_concert_recommendations) and the concert's
// like_count. The service decides; these functions only read and write.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Makes sure the fan has a row for the concert (a like may come before any score). */
export async function ensureReactionRow(db: Database, userId: string, concertId: number) {
  await db
    .insertInto('user_concert_recommendations')
    .values({ user_id: userId, concert_id: concertId })
    .onConflict((oc) => oc.columns(['user_id', 'concert_id']).doNothing())
    .execute();
}

/**
 * Sets the like flag only when it differs, and when it was given (a dated signal the
 * recommendations learn from); true when it flipped. The row lock serialises
 * concurrent requests of the fan, and the re-checked WHERE lets only the one that flips through.
 */
export async function flipLike(
  db: Database,
  userId: string,
  concertId: number,
  liked: boolean,
): Promise<boolean> {
  const flipped = await db
    .updateTable('user_concert_recommendations')
    .set({ liked, liked_at: liked ? sql`now()` : null, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('concert_id', '=', concertId)
    .where('liked', '<>', liked)
    .returning('concert_id')
    .executeTakeFirst();
  return flipped !== undefined;
}

/** Moves the concert's like_count by `delta` (never below 0) and returns the new count. */
export async function addToLikeCount(
  db: Database,
  concertId: number,
  delta: number,
): Promise<number> {
  const concert = await db
    .updateTable('concerts')
    .set({ like_count: sql`greatest(0, like_count + ${delta})` })
    .where('id', '=', concertId)
    .returning('like_count')
    .executeTakeFirstOrThrow();
  return concert.like_count;
}

/**
 * Stores the fan's feedback on the concert, creating their row when needed. feedback_at says when
 * (the admin's 30 days of feedback); updated_at alone cannot, a like or a rescoring moves it too.
 */
export async function upsertFeedback(
  db: Database,
  userId: string,
  concertId: number,
  feedback: -1 | 0 | 1,
): Promise<void> {
  await db
    .insertInto('user_concert_recommendations')
    .values({
      user_id: userId,
      concert_id: concertId,
      recommendation_feedback: feedback,
      feedback_at: sql`now()`,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'concert_id']).doUpdateSet({
        recommendation_feedback: feedback,
        feedback_at: sql`now()`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}
