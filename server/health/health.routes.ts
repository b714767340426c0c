import express, { type Router } from 'express';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { ChangeFeed } from '../cache/change-feed.js';
import { route } from '../lib/route.js';
import { checkReadiness } from './readiness.js';

/** /readyz answers within this, whatever the pool and the database do. */
const READY_TIMEOUT_MS = 2000;
/** What a 503 of /readyz suggests waiting before asking again, in seconds. */
const RETRY_AFTER_SECONDS = 5;

const MESSAGES = {
  pool_exhausted: {
    code: 'database_busy',
    message: 'Todas las conexiones a la base de datos están ocupadas.',
  },
  database_unavailable: {
    code: 'database_unavailable',
    message: 'La base de datos no responde.',
  },
} as const;

/** A pg-boss error this recent makes the job system 'failing' in /readyz. */
const JOB_ERROR_WINDOW_MS = 60_000;

const readySchema = z
  .object({
    status: z.literal('ok'),
    jobs: z.enum(['ok', 'failing', 'stopped', 'off']),
    changeFeed: z.enum(['live', 'down', 'off']),
  })
  .meta({ id: 'Readiness' });

/**
 * The job system as this instance sees it: 'off' without one (tests), 'stopped' once pg-boss
 * stopped (shutting down), 'failing' after a pg-boss error in the last minute.
 */
function jobsState(boss: PgBoss | undefined, now: () => number) {
  if (!boss) return () => 'off' as const;
  let stopped = false;
  let lastError = -Infinity;
  boss.on('stopped', () => (stopped = true));
  boss.on('error', () => (lastError = now()));
  return () =>
    stopped ? 'stopped' : now() - lastError < JOB_ERROR_WINDOW_MS ? 'failing' : ('ok' as const);
}

export function healthRouter(
  pool: pg.Pool,
  parts: { boss?: PgBoss; feed?: ChangeFeed } = {},
): Router {
  const router = express.Router();
  const jobs = jobsState(parts.boss, Date.now);
  // Liveness: the process answers.
  router.get(
    '/healthz',
    route(
      { summary: 'Vida: el proceso responde', response: z.object({ status: z.literal('ok') }) },
      (_req, res) => {
        res.json({ status: 'ok' });
      },
    ),
  );
  // Readiness: a pool connection comes free and the database answers on it. The job system and
  // the change feed are reported, not required: without them requests are still served correctly
  // (caches off, jobs picked up by other instances), so the instance stays in the balancer.
  const readyz = route(
    {
      summary: 'Disponibilidad: base de datos, trabajos en segundo plano y avisos de cambios',
      response: readySchema,
      also: {
        503: {
          description: 'La base de datos no responde o el pool está agotado',
          schema: z.object({
            status: z.literal('unavailable'),
            reason: z.enum(['pool_exhausted', 'database_unavailable']),
            pool: z.object({ size: z.number(), inUse: z.number(), waiting: z.number() }),
            error: z.object({ code: z.string(), message: z.string() }),
          }),
        },
      },
    },
    async (req, res) => {
      const readiness = await checkReadiness(pool, READY_TIMEOUT_MS);
      if (readiness.ok) {
        const feed = parts.feed;
        res.json({
          status: 'ok',
          jobs: jobs(),
          changeFeed: feed ? (feed.live ? 'live' : 'down') : 'off',
        });
        return;
      }
      req.log.warn({ reason: readiness.reason, pool: readiness.pool }, 'readyz: not ready');
      res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).json({
        status: 'unavailable',
        reason: readiness.reason,
        pool: readiness.pool,
        error: MESSAGES[readiness.reason],
      });
    },
  );
  router.get('/readyz', readyz);
  return router;
}
