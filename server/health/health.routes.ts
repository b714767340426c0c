import express, { type Router } from 'express';
import type pg from 'pg';
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

export function healthRouter(pool: pg.Pool): Router {
  const router = express.Router();
  // Liveness: the process answers.
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness: a pool connection comes free and the database answers on it.
  router.get('/readyz', async (req, res) => {
    const readiness = await checkReadiness(pool, READY_TIMEOUT_MS);
    if (readiness.ok) {
      res.json({ status: 'ok' });
      return;
    }
    req.log.warn({ reason: readiness.reason, pool: readiness.pool }, 'readyz: not ready');
    res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).json({
      status: 'unavailable',
      reason: readiness.reason,
      pool: readiness.pool,
      error: MESSAGES[readiness.reason],
    });
  });
  return router;
}
