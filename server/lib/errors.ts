import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnreachable, isPoolTimeout } from '../db/database.js';
import { poolWaitTimeouts } from '../metrics/metrics.js';

/** The one error type the API raises on purpose: its message is Spanish and shown to people. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    /** Sent as Retry-After (seconds) when set: the request may simply be repeated later. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A 429 whose answer tells how many seconds to wait (Retry-After). */
export class RateLimitedError extends AppError {
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super(code, 429, message, retryAfterSeconds);
  }
}

export const notFound = (message = 'No encontrado.') => new AppError('not_found', 404, message);
export const badRequest = (message: string) => new AppError('bad_request', 400, message);
export const unauthorized = (message = 'No hay sesión activa. Por favor, inicia sesión.') =>
  new AppError('unauthorized', 401, message);
export const forbidden = (message = 'No tienes permisos de administrador.') =>
  new AppError('forbidden', 403, message);

/** No database connection came free within DATABASE_POOL_TIMEOUT_MS. */
const serverBusy = () =>
  new AppError(
    'server_busy',
    503,
    'El servidor está muy ocupado. Vuelve a intentarlo en unos segundos.',
    5,
  );

/** The database is down or restarting: the request may be repeated once it is back. */
const databaseUnavailable = () =>
  new AppError(
    'database_unavailable',
    503,
    'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
    5,
  );

export const apiNotFoundHandler: RequestHandler = (_req, _res, next) => {
  next(notFound('Esta ruta de la API no existe.'));
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Body-parser and similar middleware throw errors carrying a 4xx status: keep it, word it in Spanish. */
function clientErrorFrom(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, type } = error as HttpishError;
  const code = status ?? statusCode;
  if (code === undefined || code < 400 || code >= 500) return undefined;
  if (type === 'entity.parse.failed')
    return badRequest('El cuerpo de la petición no es JSON válido.');
  if (type === 'entity.too.large')
    return new AppError('too_large', 413, 'La petición es demasiado grande.');
  return new AppError('bad_request', code, 'La petición no es válida.');
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
    res.status(known.status).json({ error: { code: known.code, message: known.message } });
    return;
  }
  req.log.error({ err: error }, 'unexpected error');
  if (res.headersSent) return;
  res.status(500).json({
    error: { code: 'internal', message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo.' },
  });
};
