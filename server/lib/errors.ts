import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import { isDatabaseUnreachable, isPoolTimeout } from './database-errors.js';
import { isMessageId, textsFor } from '../i18n/intl.js';
import { poolWaitTimeouts } from './metrics.js';
import { SESSION_ENDED_HEADER } from './session-signals.js';

/** What an error says: a catalogue id, or the id with its placeholders' values. */
export type ErrorText =
  ServerMessageId | { id: ServerMessageId; values: Record<string, string | number> };

/**
 * The one error type the API raises on purpose. Its message is a catalogue id: the answer words it
 * in the request's language (errorHandler), so services never need to know who asked.
 */
export class AppError extends Error {
  public readonly values?: Record<string, string | number>;

  constructor(
    public readonly code: string,
    public readonly status: number,
    text: ErrorText,
    /** Sent as Retry-After (seconds) when set: the request may simply be repeated later. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(typeof text === 'string' ? text : text.id);
    if (typeof text !== 'string') this.values = text.values;
  }
}

/** A 429 whose answer tells how many seconds to wait (Retry-After). */
export class RateLimitedError extends AppError {
  constructor(code: string, text: ErrorText, retryAfterSeconds: number) {
    super(code, 429, text, retryAfterSeconds);
  }
}

export const notFound = (text: ErrorText = 'error.notFound') =>
  new AppError('not_found', 404, text);
export const badRequest = (text: ErrorText) => new AppError('bad_request', 400, text);
export const unauthorized = (text: ErrorText = 'error.unauthorized') =>
  new AppError('unauthorized', 401, text);
export const forbidden = (text: ErrorText = 'error.forbidden') =>
  new AppError('forbidden', 403, text);

/** No database connection came free within DATABASE_POOL_TIMEOUT_MS. */
const serverBusy = () => new AppError('server_busy', 503, 'error.serverBusy', 5);

/** The database is down or restarting: the request may be repeated once it is back. */
const databaseUnavailable = () =>
  new AppError('database_unavailable', 503, 'error.databaseUnavailable', 5);

export const apiNotFoundHandler: RequestHandler = (_req, _res, next) => {
  next(notFound('error.apiRouteMissing'));
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Body-parser and similar middleware throw errors carrying a 4xx status: keep it, word it ourselves. */
function clientErrorFrom(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, type } = error as HttpishError;
  const code = status ?? statusCode;
  if (code === undefined || code < 400 || code >= 500) return undefined;
  if (type === 'entity.parse.failed') return badRequest('error.invalidJson');
  if (type === 'entity.too.large') return new AppError('too_large', 413, 'error.tooLarge');
  return new AppError('bad_request', code, 'error.badRequest');
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const busy = isPoolTimeout(error);
  // Expected under a crowd and answered properly: a warning, not an error with a stack.
  if (busy) {
    req.log.warn('no database connection came free in time: 503');
    poolWaitTimeouts.inc();
  }
  const unreachable = !busy && isDatabaseUnreachable(error);
  // The operator must hear of it (an error, with its cause), the client gets a 503 to retry.
  if (unreachable) req.log.error({ err: error }, 'database unreachable: 503');
  const known =
    error instanceof AppError
      ? error
      : busy
        ? serverBusy()
        : unreachable
          ? databaseUnavailable()
          : clientErrorFrom(error);
  if (known) {
    if (res.headersSent) return;
    if (known.retryAfterSeconds !== undefined)
      res.set('Retry-After', String(known.retryAfterSeconds));
    if (known.status === 401) res.set(SESSION_ENDED_HEADER, '1');
    const message = isMessageId(known.message)
      ? textsFor(req)(known.message, known.values)
      : known.message;
    res.status(known.status).json({ error: { code: known.code, message } });
    return;
  }
  req.log.error({ err: error }, 'unexpected error');
  if (res.headersSent) return;
  res.status(500).json({
    error: { code: 'internal', message: textsFor(req)('error.internal') },
  });
};
