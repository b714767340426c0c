// The pool's budget for work that keeps a connection while it waits on something slow (an AI
// answer, an SMTP server): a recommendation run holds its fan's advisory lock on one connection for
// the whole run, a weekly mail holds its row lock across the send. Without a bound, a crowd of such
// work takes every connection and requests (and the work itself) wait forever.
//
// The rules that keep the pool from ever being exhausted:
// - such work takes a slot first (FIFO: queued, never dropped), and at most half the pool (at least
//   one) holds a slot at once, so the other half is always left to requests, pg-boss and /readyz;
// - inside its slot, work holds ONE connection and runs every query on it (never a second one
//   while holding the first, which is how ten runs once deadlocked a pool of ten).
// The bound belongs to the pool, so every caller on the same pool (the request-side runner, the
// pg-boss workers, tests) shares one: a second runner cannot double it.
import type pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { FifoSlots } from '../lib/concurrency.js';
import { isPoolWaitTimeout } from '../lib/database-errors.js';
import type { Database } from './database.js';

/** Connections that long-holding work may keep at once in a pool of `poolSize`. */
export function heldConnectionBound(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 2));
}

const slotsByPool = new WeakMap<pg.Pool, FifoSlots>();

/** The one FIFO budget of this pool (created on first use). */
export function heldConnectionSlots(pool: pg.Pool): FifoSlots {
  let slots = slotsByPool.get(pool);
  if (!slots) {
    slots = new FifoSlots(heldConnectionBound(pool.options.max ?? 10));
    slotsByPool.set(pool, slots);
  }
  return slots;
}

/** Pause before asking the pool again when it stayed busy for a whole DATABASE_POOL_TIMEOUT_MS. */
const RETRY_PAUSE_MS = 200;

/**
 * Runs `work` in one of the pool's held-connection slots with a Kysely instance bound to ONE
 * connection. A pool busy with requests past its timeout only delays the work (it keeps its place
 * and asks again); any other error (database down, pool closed) is thrown.
 */
export function withHeldConnection<T>(
  deps: { db: Database; pool: pg.Pool },
  work: (connection: Database) => Promise<T>,
): Promise<T> {
  return heldConnectionSlots(deps.pool).run(async () => {
    for (;;) {
      let started = false;
      try {
        return await deps.db.connection().execute((connection) => {
          started = true;
          return work(connection);
        });
      } catch (error) {
        if (started || !isPoolWaitTimeout(error)) throw error;
      }
      await sleep(RETRY_PAUSE_MS);
    }
  });
}
