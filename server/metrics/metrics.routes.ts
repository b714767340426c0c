// GET /metrics (Prometheus text format) on the app's port, behind METRICS_TOKEN, and the request
// duration histogram every answer feeds. With METRICS_PORT the same page is also served on a port
// of its own (server/index.ts) without a token: that port is meant for the scraper's network only.
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { AppError, notFound } from '../lib/errors.js';
import { expressRoutes, templateMatcher } from '../lib/express-routes.js';
import { route } from '../lib/route.js';
import { httpDuration, registry } from '../lib/metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Answers the metrics page (no check: the caller decided who may ask). */
export const sendMetrics: RequestHandler = (_req, res, next) => {
  registry
    .metrics()
    .then((text) => {
      res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store').send(text);
    })
    .catch(next);
};

/** /metrics on the app's port: off (404) without METRICS_TOKEN, else only with that bearer token. */
export function metricsRouter(token: string | undefined): Router {
  const router = express.Router();
  const expected = token ? digest(token) : undefined;
  router.get(
    '/metrics',
    route(
      {
        summary: 'Métricas Prometheus (Authorization: Bearer METRICS_TOKEN)',
        response: 'Texto de Prometheus',
        contentType: 'text/plain',
        also: { 404: 'Métricas desactivadas en este puerto (sin METRICS_TOKEN)' },
      },
      (req, res, _input, next) => {
        if (!expected) return next(notFound('error.metrics.off'));
        const given = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
        // Hashing first gives equal lengths, so the comparison never leaks the token's length.
        if (!given || !timingSafeEqual(digest(given), expected))
          return next(new AppError('unauthorized', 401, 'error.metrics.badToken'));
        sendMetrics(req, res, next);
      },
    ),
  );
  return router;
}

/**
 * Times every answer. The route label is the route's template (/api/concerts/{id}/like), never
 * the raw path, so the number of series stays bounded; what no route serves is 'other'.
 */
export function httpMetrics(): RequestHandler {
  let match: ((path: string) => string | undefined) | undefined;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      match ??= templateMatcher(expressRoutes(req.app as Express).map((r) => r.template));
      const path = req.originalUrl.split('?')[0] ?? '';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe(
        { method: req.method, route: match(path) ?? 'other', status: String(res.statusCode) },
        seconds,
      );
    });
    next();
  };
}
