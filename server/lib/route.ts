import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { unwordedIssue } from '../../common/text/limits.js';
import { isMessageId } from '../i18n/intl.js';
import { badRequest, type ErrorText } from './errors.js';

/** The zod schemas a route checks; any of the three may be left out. */
export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** For the OpenAPI document (server/openapi/): one line saying what the route does. */
  summary?: string;
  /** The success answer's body: its zod schema, or a string describing a body that is not JSON. */
  response?: z.ZodType | string;
  /** The success answer's media type when it is not JSON (an HTML page, a script), or its types. */
  contentType?: string | readonly string[];
  /** The success status (200 unless said). */
  status?: number;
  /** Other answers the route gives on purpose (a redirect, a 404), status → description. */
  also?: Record<number, string | { description: string; schema?: z.ZodType; contentType?: string }>;
}

type InputPart = 'body' | 'query' | 'params';

/** The success answer a route's response schema describes (unknown for a body without one). */
export type RouteAnswer<S extends RouteSchemas> = S['response'] extends z.ZodType
  ? z.input<S['response']>
  : unknown;

/**
 * What the handler receives: the parsed value of exactly the parts that have a schema, typed from
 * that schema. A part without a schema is not there, so reading it, or a field the schema no longer
 * has, fails the typecheck.
 */
export type RouteInput<S extends RouteSchemas> = {
  [K in keyof S & InputPart]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

// The one registry of the API's operations: every handler made by route() with its schemas.
// Where each handler is mounted is read from the Express app itself (server/lib/express-routes.ts),
// so the document cannot list a path the app does not serve.
const registered = new WeakMap<object, RouteSchemas>();

/** The schemas route() was given for this handler, if it was made by route(). */
export function routeSchemasOf(handler: unknown): RouteSchemas | undefined {
  return typeof handler === 'function' ? registered.get(handler) : undefined;
}

const PARTS = ['body', 'query', 'params'] as const;

/** An enum's options as its messages name them: 'a', 'b' o 'c' (the same 'o' in both languages). */
const optionList = (options: readonly unknown[]) =>
  options
    .map((option) => `'${String(option)}'`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' o $1');

/**
 * The first issue's message, a catalogue id worded by the error handler, with the values its
 * placeholders take from the issue: the unknown keys, an enum's options.
 */
function issueText(error: z.ZodError): ErrorText {
  const issue = error.issues[0];
  if (!issue || !isMessageId(issue.message)) return 'error.invalidData';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
    return { id: issue.message, values: { count: issue.keys.length, keys } };
  }
  if (issue.code === 'invalid_value') {
    return { id: issue.message, values: { options: optionList(issue.values) } };
  }
  return issue.message;
}

/**
 * A request handler whose input types come from its schemas: body, query and params are parsed
 * (strict schemas, messages in the reader's language); bad input becomes a 400 with the first message and the
 * handler never runs. The parsed values are handed over as the third argument, so the types the
 * handler reads and the schemas that check them cannot disagree.
 *
 *   router.put('/:id/like', requireUser, route({ params, body: likeSchema }, async (req, res, { params, body }) => …));
 */
export function route<const S extends RouteSchemas>(
  schemas: S,
  handler: (req: Request, res: Response, input: RouteInput<S>, next: NextFunction) => unknown,
): RequestHandler {
  const wrapped: RequestHandler = (req, res, next) => {
    const parsed: Partial<Record<(typeof PARTS)[number], unknown>> = {};
    for (const part of PARTS) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part] ?? {}, { error: unwordedIssue });
      if (!result.success) {
        next(badRequest(issueText(result.error)));
        return;
      }
      parsed[part] = result.data;
    }
    // The one place the parsed values meet their types: each was produced by the schema above.
    return handler(req, res, parsed as RouteInput<S>, next);
  };
  registered.set(wrapped, schemas);
  return wrapped;
}

/** Who a guard lets through: a signed-in user, or an admin (session or X-Admin-Token). */
export type GuardKind = 'user' | 'admin';
const guards = new WeakMap<object, GuardKind>();

/** Marks a middleware as a guard, so the OpenAPI document names the route's security and 401/403. */
export function guard(kind: GuardKind, handler: RequestHandler): RequestHandler {
  guards.set(handler, kind);
  return handler;
}

export function guardOf(handler: unknown): GuardKind | undefined {
  return typeof handler === 'function' ? guards.get(handler) : undefined;
}

/**
 * A route() that only describes: for routes whose work is done by other middleware (passport's
 * redirects, the SPA), so they still appear in the OpenAPI document.
 */
export const describedAs = (schemas: Omit<RouteSchemas, 'body' | 'query' | 'params'>) =>
  route(schemas, (_req, _res, _input, next) => next());
