// Fixed-window rate limits kept in PostgreSQL, so they hold across every app instance.
import { sql } from 'kysely';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/database.js';
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

/** Counts one hit; returns the seconds to wait when over the limit, else 0. */
export async function hit(db: Database, key: string, limit: number, windowSeconds: number) {
  const row = await sql<{ hits: number; retry_after: number }>`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after
  `.execute(db);
  const { hits, retry_after } = row.rows[0]!;
  return hits > limit ? Math.max(1, retry_after) : 0;
}

export function rateLimit(db: Database, rules: LimitRule[]): RequestHandler {
  return async (req, res, next) => {
    let wait = 0;
    for (const rule of rules) {
      const value = rule.key(req);
      if (value === undefined) continue;
      const key = `${rule.name}:${value}`;
      wait = Math.max(wait, await hit(db, key, rule.limit, rule.windowSeconds));
    }
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
export const byBodyEmail = (req: Request) => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};
