import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest } from './errors.js';

interface Schemas<B, Q, P> {
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
}

/** Parsed input, available to the handler as res.locals.input. */
export interface ValidatedInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
}

function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? 'Los datos enviados no son válidos.';
}

/**
 * Parses body, query and params with strict zod schemas; bad input becomes a 400 with the
 * first Spanish message. Handlers read the parsed values with `input(res)`.
 */
export function validate<B = unknown, Q = unknown, P = unknown>(
  schemas: Schemas<B, Q, P>,
): RequestHandler {
  return (req, res, next) => {
    const parsed: Partial<ValidatedInput<B, Q, P>> = {};
    for (const part of ['body', 'query', 'params'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part] ?? {});
      if (!result.success) {
        next(badRequest(firstMessage(result.error)));
        return;
      }
      (parsed as Record<string, unknown>)[part] = result.data;
    }
    res.locals.input = parsed;
    next();
  };
}

export function input<B = unknown, Q = unknown, P = unknown>(res: {
  locals: Record<string, unknown>;
}): ValidatedInput<B, Q, P> {
  return res.locals.input as ValidatedInput<B, Q, P>;
}
