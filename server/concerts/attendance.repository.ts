// SQL for a fan's "Voy" (concert_attendance). concerts.going_count follows the rows through a
// trigger (migration 0110), so nothing here moves it.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface GoingConcertState {
  cancelled: boolean;
  /** Not started more than the agenda's grace ago (upcoming.ts). */
  upcoming: boolean;
}

/**
 * Locks the concert for the caller's transaction and says whether one may still go to it; the
 * lock is the one the count's trigger takes anyway, so "Voy"s on one concert wait in line.
 */
export async function lockConcertForGoing(
  db: Database,
  concertId: number,
  cutoff: { day: string; time: string },
): Promise<GoingConcertState | undefined> {
  const { rows } = await sql<GoingConcertState>`
    SELECT c.cancelled_at IS NOT NULL AS cancelled,
      (c.day, c.hour) >= (${cutoff.day}::date, ${cutoff.time}::time) AS upcoming
    FROM concerts c WHERE c.id = ${concertId}
    FOR NO KEY UPDATE`.execute(db);
  return rows[0];
}

/** The fan goes (again: nothing changes). */
export async function addAttendance(db: Database, userId: string, concertId: number) {
  await db
    .insertInto('concert_attendance')
    .values({ user_id: userId, concert_id: concertId })
    .onConflict((oc) => oc.columns(['user_id', 'concert_id']).doNothing())
    .execute();
}

/** The fan no longer goes (nothing to do when they did not). */
export async function removeAttendance(db: Database, userId: string, concertId: number) {
  await db
    .deleteFrom('concert_attendance')
    .where('user_id', '=', userId)
    .where('concert_id', '=', concertId)
    .execute();
}

export async function findGoingCount(db: Database, concertId: number): Promise<number> {
  const concert = await db
    .selectFrom('concerts')
    .select('going_count')
    .where('id', '=', concertId)
    .executeTakeFirstOrThrow();
  return concert.going_count;
}
