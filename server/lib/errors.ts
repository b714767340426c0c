import type { ErrorRequestHandler, RequestHandler } from 'express';

/** The one error type the API raises on purpose: its message is Spanish and shown to people. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A 429 whose answer tells how many seconds to wait (Retry-After). */
export class RateLimitedError extends AppError {
  constructor(
    code: string,
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(code, 429, message);
  }
}

export const notFound = (message = 'No encontrado.') => new AppError('not_found', 404, message);
export const badRequest = (message: string) => new AppError('bad_request', 400, message);
export const unauthorized = (message = 'No hay sesión activa. Por favor, inicia sesión.') =>
  new AppError('unauthorized', 401, message);
export const forbidden = (message = 'No tienes permisos de administrador.') =>
  new AppError('forbidden', 403, message);

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
  const known = error instanceof AppError ? error : clientErrorFrom(error);
  if (known) {
    if (known instanceof RateLimitedError) res.set('Retry-After', String(known.retryAfterSeconds));
    res.status(known.status).json({ error: { code: known.code, message: known.message } });
    return;
  }
  req.log.error({ err: error }, 'unexpected error');
  if (res.headersSent) return;
  res.status(500).json({
    error: { code: 'internal', message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo.' },
  });
};
