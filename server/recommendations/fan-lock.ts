// The per-fan lock of recommendation generation, the one definition both generators use (one fan
// at a time in generator.ts, many at once in bulk-generator.ts), so they always exclude each other
// across requests, jobs and app instances: a session advisory lock keyed by the fan's id (the key
// is in fan-lock.repository.ts).
//
// The locks are taken on a connection held from the pool's bounded budget
// (server/db/held-connections.ts), and the work receives that same connection: every query of a
// run goes through it, so a run never waits for a second connection while holding the first.
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { withHeldConnection } from '../db/held-connections.js';
import { tryLockFans, unlockFans } from './fan-lock.repository.js';

/**
 * Locks whichever of `userIds` no one else is generating for (the others are skipped: the run that
 * holds them finishes them), runs `work` with the connection and the locked ids, then unlocks.
 */
export function withFanLocks<T>(
  deps: { db: Database; pool: pg.Pool },
  userIds: string[],
  work: (connection: Database, lockedIds: string[]) => Promise<T>,
): Promise<T> {
  return withHeldConnection(deps, async (connection) => {
    const locked = await tryLockFans(connection, userIds);
    try {
      return await work(connection, locked);
    } finally {
      await unlockFans(connection, locked);
    }
  });
}
