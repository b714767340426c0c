// The signed-in fan's rows of the sessions table (connect-pg-simple's; user_id is generated from
// the session data, see migration 0001).
import { sql } from 'kysely';
import type { SessionData } from 'express-session';
import type { Database } from '../db/database.js';

export interface UserSessionRow {
  sid: string;
  sess: SessionData;
  expire: Date;
}

/** The user's sessions that have not reached their idle expiry. */
export async function findUserSessions(db: Database, userId: string): Promise<UserSessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['sid', 'sess', 'expire'])
    .where('user_id', '=', userId)
    .where('expire', '>=', sql<Date>`now()`)
    .execute();
  // `sess` is a json column: pg parses it; the shape is what express-session stored.
  return rows.map((row) => ({
    sid: row.sid,
    sess: row.sess as unknown as SessionData,
    expire: row.expire,
  }));
}

/** Deletes these sessions if they are the user's; returns the ids actually deleted. */
export async function deleteUserSessions(
  db: Database,
  userId: string,
  sids: string[],
): Promise<string[]> {
  if (sids.length === 0) return [];
  const rows = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('sid', 'in', sids)
    .returning('sid')
    .execute();
  return rows.map((row) => row.sid);
}
