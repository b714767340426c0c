// The fan's own sessions: listed without their ids (an opaque hash stands for each), ended one by
// one or all but the current one. Ending takes effect at once on this instance (its session cache
// forgets them here) and on the others as soon as the change feed tells them (a sessions trigger).
import { createHash } from 'node:crypto';
import type { SessionDto } from '../../common/profile/types.js';
import { forgetSessions, sessionIsCurrent, type SessionCaches } from '../accounts/session.js';
import { clearFeedToken } from '../calendar/calendar.repository.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { toSessionDto } from './sessions.dto.js';
import {
  deleteUserSessions,
  findUserSessions,
  type UserSessionRow,
} from './sessions.repository.js';
import { deleteSessions } from '../accounts/users.repository.js';

export interface SessionsDeps {
  db: Database;
  clock: Clock;
  sessions: SessionCaches;
}

/**
 * What the browser gets instead of a session id: 128 bits of its SHA-256. The id has 192 random
 * bits, so the hash neither reveals it nor can be guessed; it only means something to its owner.
 */
export function publicSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url').slice(0, 22);
}

/** The user's sessions within both lifetimes. */
async function liveSessions(deps: SessionsDeps, userId: string): Promise<UserSessionRow[]> {
  const now = deps.clock().getTime();
  const rows = await findUserSessions(deps.db, userId);
  return rows.filter((row) => sessionIsCurrent(row.sess, now));
}

/** The current session first, then the most recently used. */
export async function listSessions(
  deps: SessionsDeps,
  userId: string,
  currentSid: string,
): Promise<SessionDto[]> {
  const now = deps.clock();
  const sessions = (await liveSessions(deps, userId)).map((row) =>
    toSessionDto(row, publicSessionId(row.sid), row.sid === currentSid, now),
  );
  return sessions.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt),
  );
}

/**
 * Ends the user's session with this public id. 'current' when it is the session asking (the
 * caller signs it out as a logout would); 'not_found' when no live session of theirs has it.
 */
export async function endSession(
  deps: SessionsDeps,
  userId: string,
  publicId: string,
  currentSid: string,
): Promise<'ended' | 'current' | 'not_found'> {
  const target = (await liveSessions(deps, userId)).find(
    (row) => publicSessionId(row.sid) === publicId,
  );
  if (!target) return 'not_found';
  if (target.sid === currentSid) return 'current';
  const ended = await deleteUserSessions(deps.db, userId, [target.sid]);
  forgetSessions(deps.sessions, ended);
  return ended.length > 0 ? 'ended' : 'not_found';
}

/**
 * Ends every session of the user but the current one, and revokes the private calendar link (a
 * fan who fears someone else is signed in fears they have the link too); returns how many
 * sessions were ended.
 */
export async function endOtherSessions(
  deps: SessionsDeps,
  userId: string,
  currentSid: string,
): Promise<number> {
  const ended = await deps.db.transaction().execute(async (trx) => {
    await clearFeedToken(trx, userId, deps.clock());
    return deleteSessions(trx, userId, currentSid);
  });
  forgetSessions(deps.sessions, ended);
  return ended.length;
}
