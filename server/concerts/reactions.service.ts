// A fan's like and feedback on a concert. Each change is one transaction; liking is idempotent and
// the concert's like_count moves only when the fan's flag actually flips.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { notFound } from '../lib/errors.js';

const CONCERT_NOT_FOUND = 'Ese concierto no existe.';

async function ensureRow(trx: Database, userId: string, concertId: number) {
  await trx
    .insertInto('user_concert_recommendations')
    .values({ user_id: userId, concert_id: concertId })
    .onConflict((oc) => oc.columns(['user_id', 'concert_id']).doNothing())
    .execute();
}

function isForeignKeyError(error: unknown): boolean {
  return (error as { code?: string }).code === '23503';
}

export async function setLike(db: Database, userId: string, concertId: number, liked: boolean) {
  try {
    return await db.transaction().execute(async (trx) => {
      await ensureRow(trx, userId, concertId);
      // The row lock serialises concurrent requests of this fan; the re-checked WHERE lets only
      // the one that really flips the flag through.
      const flipped = await trx
        .updateTable('user_concert_recommendations')
        .set({ liked, updated_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('concert_id', '=', concertId)
        .where('liked', '<>', liked)
        .returning('concert_id')
        .executeTakeFirst();
      const delta = flipped ? (liked ? 1 : -1) : 0;
      const concert = await trx
        .updateTable('concerts')
        .set({ like_count: sql`greatest(0, like_count + ${delta})` })
        .where('id', '=', concertId)
        .returning('like_count')
        .executeTakeFirstOrThrow();
      return { liked, likeCount: concert.like_count };
    });
  } catch (error) {
    if (isForeignKeyError(error)) throw notFound(CONCERT_NOT_FOUND);
    throw error;
  }
}

export async function setFeedback(
  db: Database,
  userId: string,
  concertId: number,
  feedback: -1 | 0 | 1,
) {
  try {
    await db
      .insertInto('user_concert_recommendations')
      .values({ user_id: userId, concert_id: concertId, recommendation_feedback: feedback })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'concert_id'])
          .doUpdateSet({ recommendation_feedback: feedback, updated_at: sql`now()` }),
      )
      .execute();
    return { feedback };
  } catch (error) {
    if (isForeignKeyError(error)) throw notFound(CONCERT_NOT_FOUND);
    throw error;
  }
}
