// Fixed-window rate limits kept in PostgreSQL, so they hold across every app instance.
import { sql } from 'kysely';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/database.js';
import { EMAIL_MAX, hasControlCharacters } from '../../common/rules.js';
import { AppError } from '../lib/errors.js';

export interface LimitRule {
  /** Namespace of the counter, e.g. 'login-ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The counted thing (IP, email); undefined skips the rule for this request. */
  key: (req: Request) => string | undefined;
}

export const TOO_MANY_MESSAGE = 'Demasiados intentos. Espera un momento y vuelve a probar.';

interface Counter {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit on each counter in one statement; returns the seconds to wait when any is over
 * its limit, else 0. Keys are taken in sorted order, so two requests never lock them crosswise.
 */
export async function hitAll(db: Database, counters: Counter[]): Promise<number> {
  if (counters.length === 0) return 0;
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
  const { rows } = await sql<{ key: string; hits: number; retry_after: number }>`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    SELECT c.key, 1, now() + make_interval(secs => c.window_seconds)
    FROM unnest(${sorted.map((c) => c.key)}::text[], ${sorted.map((c) => c.windowSeconds)}::int[])
      WITH ORDINALITY AS c(key, window_seconds, position)
    ORDER BY c.position
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING key, hits, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after
  `.execute(db);
  let wait = 0;
  for (const row of rows) {
    const counter = sorted.find((c) => c.key === row.key)!;
    if (row.hits > counter.limit) wait = Math.max(wait, Math.max(1, row.retry_after));
  }
  return wait;
}

/** Counts one hit; returns the seconds to wait when over the limit, else 0. */
export function hit(db: Database, key: string, limit: number, windowSeconds: number) {
  return hitAll(db, [{ key, limit, windowSeconds }]);
}

export function rateLimit(db: Database, rules: LimitRule[]): RequestHandler {
  return async (req, res, next) => {
    const counters = rules.flatMap((rule) => {
      const value = rule.key(req);
      return value === undefined ? [] : [{ ...rule, key: `${rule.name}:${value}` }];
    });
    const wait = await hitAll(db, counters);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      next(new AppError('rate_limited', 429, TOO_MANY_MESSAGE));
      return;
    }
    next();
  };
}

/** Expired counters are useless; remove them now and then. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', sql<Date>`now()`)
    .execute();
}

export const byIp = (req: Request) => req.ip ?? 'unknown';
/**
 * The email of the body, when it can be one. Anything longer than an address or holding control
 * characters is refused by validation right after, so it is not counted: its key would reach
 * PostgreSQL (which refuses NUL) and bloat the table.
 */
export const byBodyEmail = (req: Request) => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.length > EMAIL_MAX || hasControlCharacters(email)) {
    return undefined;
  }
  return email.trim().toLowerCase();
};

/**
 * Seconds to wait when `key` has already been counted `limit` times in its window, else 0.
 * Counts nothing: for limits on failures, checked before an attempt and counted (`hit`) only
 * when it fails.
 */
export async function usedUp(db: Database, key: string, limit: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select(sql<number>`ceil(extract(epoch FROM reset_at - now()))::int`.as('retry_after'))
    .where('key', '=', key)
    .where('hits', '>=', limit)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? Math.max(1, row.retry_after) : 0;
}

export const byUser = (req: Request) => req.user?.user_id;
