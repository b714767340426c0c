// A fan's like, "Voy" and feedback on a concert. Each change is one transaction; liking and going
// are idempotent, and the concert's counts move only when the fan's flag actually flips. Each is
// a signal the recommendations learn from: `signal` is told inside the same transaction.
import type { Database } from '../db/database.js';
import { isForeignKeyViolation } from '../db/pg-errors.js';
import { AppError, notFound } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import {
  addAttendance,
  findGoingCount,
  lockConcertForGoing,
  removeAttendance,
} from './attendance.repository.js';
import {
  addToLikeCount,
  ensureReactionRow,
  flipLike,
  upsertFeedback,
} from './reactions.repository.js';
import { withSignal, type ReactionSignal } from './reaction-signal.js';
import { upcomingCutoff } from './upcoming.js';

const CONCERT_NOT_FOUND = 'error.concert.notFound';
const GOING_CANCELLED = 'error.concert.goingCancelled';
const GOING_PAST = 'error.concert.goingPast';

/** A foreign key refused the write: the concert (or, in a race, the fan's account) is gone. */
function missingConcert(error: unknown): never {
  if (isForeignKeyViolation(error)) throw notFound(CONCERT_NOT_FOUND);
  throw error;
}

export async function setLike(
  db: Database,
  userId: string,
  concertId: number,
  liked: boolean,
  signal?: ReactionSignal,
) {
  return withSignal(db, userId, signal, async (trx) => {
    await ensureReactionRow(trx, userId, concertId);
    const flipped = await flipLike(trx, userId, concertId, liked);
    const delta = flipped ? (liked ? 1 : -1) : 0;
    const likeCount = await addToLikeCount(trx, concertId, delta);
    return { answer: { liked, likeCount }, changed: flipped };
  }).catch(missingConcert);
}

/**
 * The fan's "Voy". Saying so needs a concert still to come and not cancelled; taking it back is
 * always allowed (a concert cancelled after the fan said they go).
 */
export async function setGoing(
  deps: { db: Database; clock: Clock },
  userId: string,
  concertId: number,
  going: boolean,
  signal?: ReactionSignal,
) {
  return withSignal(deps.db, userId, signal, async (trx) => {
    const concert = await lockConcertForGoing(trx, concertId, upcomingCutoff(deps.clock));
    if (!concert) throw notFound(CONCERT_NOT_FOUND);
    if (going && concert.cancelled) throw new AppError('concert_cancelled', 409, GOING_CANCELLED);
    if (going && !concert.upcoming) throw new AppError('concert_past', 409, GOING_PAST);
    if (going) await addAttendance(trx, userId, concertId);
    else await removeAttendance(trx, userId, concertId);
    const answer = { going, goingCount: await findGoingCount(trx, concertId) };
    return { answer, changed: true };
  }).catch(missingConcert);
}

export async function setFeedback(
  db: Database,
  userId: string,
  concertId: number,
  feedback: -1 | 0 | 1,
  signal?: ReactionSignal,
) {
  return withSignal(db, userId, signal, async (trx) => {
    await upsertFeedback(trx, userId, concertId, feedback);
    return { answer: { feedback }, changed: true };
  }).catch(missingConcert);
}
