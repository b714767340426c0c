import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

// Return `date` columns as 'yyyy-MM-dd' strings: a calendar day has no timezone to shift.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface DatabaseHandle {
  /** The connection string, for connections outside the pool (LISTEN). */
  url: string;
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** DATABASE_POOL_TIMEOUT_MS's default: how long anything waits for a pool connection. */
const DEFAULT_POOL_TIMEOUT_MS = 5000;

/**
 * `connectionTimeoutMs` bounds the wait for a connection (queued behind busy ones, or being
 * opened): past it the caller gets an error (a 503 for a request, see server/lib/errors.ts)
 * instead of waiting forever on a starved pool.
 */
export function connectDatabase(
  url: string,
  poolSize = 10,
  connectionTimeoutMs = DEFAULT_POOL_TIMEOUT_MS,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectionTimeoutMs,
  });
  // An idle client losing its server (restart, network) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    url,
    db,
    pool,
    close: () => db.destroy(),
  };
}
