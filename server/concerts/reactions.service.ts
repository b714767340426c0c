// A fan's like and feedback on a concert. Each change is one transaction; liking is idempotent and
// the concert's like_count moves only when the fan's flag actually flips.
import type { Database } from '../db/database.js';
import { isForeignKeyViolation } from '../db/pg-errors.js';
import { notFound } from '../lib/errors.js';
import {
  addToLikeCount,
  ensureReactionRow,
  flipLike,
  upsertFeedback,
} from './reactions.repository.js';

const CONCERT_NOT_FOUND = 'Ese concierto no existe.';

export async function setLike(db: Database, userId: string, concertId: number, liked: boolean) {
  try {
    return await db.transaction().execute(async (trx) => {
      await ensureReactionRow(trx, userId, concertId);
      const flipped = await flipLike(trx, userId, concertId, liked);
      const delta = flipped ? (liked ? 1 : -1) : 0;
      const likeCount = await addToLikeCount(trx, concertId, delta);
      return { liked, likeCount };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(CONCERT_NOT_FOUND);
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
    await upsertFeedback(db, userId, concertId, feedback);
    return { feedback };
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(CONCERT_NOT_FOUND);
    throw error;
  }
}
