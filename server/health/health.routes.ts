import { sql } from 'kysely';
import express, { type Router } from 'express';
import type { Database } from '../db/database.js';

const READY_TIMEOUT_MS = 2000;

export function healthRouter(db: Database): Router {
  const router = express.Router();
  // Liveness: the process answers.
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness: the database answers too.
  router.get('/readyz', async (req, res) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`SELECT 1`.execute(db),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      res.json({ status: 'ok' });
    } catch (error) {
      req.log.warn({ err: error }, 'readyz: database unreachable');
      res.status(503).json({
        status: 'unavailable',
        error: { code: 'database_unavailable', message: 'La base de datos no responde.' },
      });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}
