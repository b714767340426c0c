// The request id and the one log line per request, shared by pino-http (every request that goes
// through the whole stack) and the fast lane (server/ssr/fast-lane.ts), which answers
// before pino-http runs and must leave the same line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger.js';
import { urlForLog } from './log-url.js';

/** A sane incoming X-Request-Id is kept (a proxy's), anything else gets a new uuid. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

// One short line per request: no headers, so no cookies or tokens in the logs.
const serializers = {
  req: (req: { id: string; method: string; url: string }) => ({
    id: req.id,
    method: req.method,
    url: urlForLog(req.url),
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

/** Health probes every few seconds would drown the log. */
const UNLOGGED = ['/healthz', '/readyz', '/metrics'];

export function requestLogger(log: Logger): RequestHandler {
  return pinoHttp({
    logger: log,
    genReqId: (req, res) => {
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers,
    autoLogging: { ignore: (req) => UNLOGGED.includes(req.url ?? '') },
  });
}

/**
 * For an answer made before pino-http: the request id header now, and when the answer is sent the
 * line pino-http would have written (same fields, same message).
 */
export function logAnswer(log: Logger, req: IncomingMessage, res: ServerResponse): void {
  const id = requestIdOf(req);
  res.setHeader('X-Request-Id', id);
  if (!log.isLevelEnabled('info')) return;
  const started = Date.now();
  res.once('finish', () => {
    log.info(
      {
        req: serializers.req({ id, method: req.method ?? '', url: req.url ?? '' }),
        res: serializers.res(res),
        responseTime: Date.now() - started,
      },
      'request completed',
    );
  });
}
