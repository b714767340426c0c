import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { badRequest } from './errors.js';

/** The zod schemas a route checks; any of the three may be left out. */
export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

/**
 * What the handler receives: the parsed value of exactly the parts that have a schema, typed from
 * that schema. A part without a schema is not there, so reading it, or a field the schema no longer
 * has, fails the typecheck.
 */
export type RouteInput<S extends RouteSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

const PARTS = ['body', 'query', 'params'] as const;

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Los datos enviados no son válidos.';
}

/**
 * A request handler whose input types come from its schemas: body, query and params are parsed
 * (strict schemas, Spanish messages); bad input becomes a 400 with the first message and the
 * handler never runs. The parsed values are handed over as the third argument, so the types the
 * handler reads and the schemas that check them cannot disagree.
 *
 *   router.put('/:id/like', requireUser, route({ params, body: likeSchema }, async (req, res, { params, body }) => …));
 */
export function route<const S extends RouteSchemas>(
  schemas: S,
  handler: (req: Request, res: Response, input: RouteInput<S>, next: NextFunction) => unknown,
): RequestHandler {
  return (req, res, next) => {
    const parsed: Partial<Record<(typeof PARTS)[number], unknown>> = {};
    for (const part of PARTS) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part] ?? {});
      if (!result.success) {
        next(badRequest(firstMessage(result.error)));
        return;
      }
      parsed[part] = result.data;
    }
    // The one place the parsed values meet their types: each was produced by the schema above.
    return handler(req, res, parsed as RouteInput<S>, next);
  };
}
