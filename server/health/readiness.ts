// Whether this instance can serve: it gets a pool connection and the database answers on it, both
// within a deadline. It tells a starved pool (every connection busy, nobody got one in time) from a
// database that does not answer, and never waits past its deadline itself.
import type pg from 'pg';
import { isPoolWaitTimeout } from '../lib/database-errors.js';

export type Readiness =
  | { ok: true }
  | { ok: false; reason: 'pool_exhausted' | 'database_unavailable'; pool: PoolNumbers };

export interface PoolNumbers {
  size: number;
  inUse: number;
  waiting: number;
}

const numbersOf = (pool: pg.Pool): PoolNumbers => ({
  size: pool.options.max ?? 10,
  inUse: pool.totalCount - pool.idleCount,
  waiting: pool.waitingCount,
});

const DEADLINE = Symbol('deadline');

function before<T>(promise: Promise<T>, ms: number): Promise<T | typeof DEADLINE> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof DEADLINE>((resolve) => {
    timer = setTimeout(() => resolve(DEADLINE), Math.max(0, ms));
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(pool: pg.Pool, deadlineMs: number): Promise<Readiness> {
  const started = Date.now();
  const full = () => pool.totalCount >= (pool.options.max ?? 10) && pool.idleCount === 0;
  const acquiring = pool.connect();
  let client: pg.PoolClient | typeof DEADLINE;
  try {
    client = await before(acquiring, deadlineMs);
  } catch (error) {
    const starved = isPoolWaitTimeout(error);
    return {
      ok: false,
      reason: starved ? 'pool_exhausted' : 'database_unavailable',
      pool: numbersOf(pool),
    };
  }
  if (client === DEADLINE) {
    // Still queued: whenever the connection comes, it goes straight back.
    acquiring.then(
      (late) => late.release(),
      () => undefined,
    );
    return {
      ok: false,
      reason: full() ? 'pool_exhausted' : 'database_unavailable',
      pool: numbersOf(pool),
    };
  }
  const connection = client;
  const query = connection.query('SELECT 1');
  try {
    const answered = await before(query, deadlineMs - (Date.now() - started));
    if (answered !== DEADLINE) {
      connection.release();
      return { ok: true };
    }
  } catch {
    // Falls through: the connection is broken.
  }
  // A connection that did not answer is not given to anyone else.
  query.catch(() => undefined);
  connection.release(true);
  return { ok: false, reason: 'database_unavailable', pool: numbersOf(pool) };
}
