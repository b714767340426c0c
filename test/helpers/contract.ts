// Every response an API test receives is checked against the OpenAPI document the app serves
// (server/openapi/): its status must be documented for that operation, and a JSON body must match
// the documented schema (the document's JSON Schema, turned back into a validator by zod's
// fromJSONSchema). createTestApp() installs the check on every app it builds; a mismatch fails the
// test that caused it (afterEach below), naming the request and the problem.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Express, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { expressRoutes, templateMatcher } from '../../server/lib/express-routes.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/openapi/document.js';

type Json = Record<string, unknown>;

interface Checker {
  document: OpenApiDocument;
  match: (path: string) => string | undefined;
  validators: Map<string, z.ZodType>;
}

const violations: string[] = [];
const checkers = new WeakMap<Express, Checker>();

/** The violations seen since the last call, emptied. */
export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}

// Apps built alike (most tests) share one document: building it costs more than a request.
const documents = new Map<string, OpenApiDocument>();
const validatorsOf = new WeakMap<OpenApiDocument, Map<string, z.ZodType>>();

function checkerFor(app: Express): Checker {
  let checker = checkers.get(app);
  if (!checker) {
    const shape = JSON.stringify(expressRoutes(app).map((r) => [r.method, r.path]));
    const document = documents.get(shape) ?? buildOpenApiDocument(app);
    documents.set(shape, document);
    const validators = validatorsOf.get(document) ?? new Map<string, z.ZodType>();
    validatorsOf.set(document, validators);
    checker = {
      document,
      match: templateMatcher(Object.keys(document.paths ?? {})),
      validators,
    };
    checkers.set(app, checker);
  }
  return checker;
}

/** A validator for one documented schema, its component references resolved in place. */
function validatorFor(checker: Checker, key: string, schema: unknown): z.ZodType {
  let validator = checker.validators.get(key);
  if (!validator) {
    const components = (checker.document.components?.schemas ?? {}) as Json;
    const rewrite = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replaceAll('#/components/schemas/', '#/$defs/')) as Json;
    const defs = rewrite(components);
    validator = z.fromJSONSchema(
      {
        ...rewrite(schema),
        $defs: defs,
        $schema: 'https://json-schema.org/draft/2020-12/schema',
      } as Parameters<typeof z.fromJSONSchema>[0],
      { defaultTarget: 'draft-2020-12' },
    );
    checker.validators.set(key, validator);
  }
  return validator;
}

interface DocumentedResponse {
  content?: Record<string, { schema?: unknown }>;
}

/** What the document declares for one answer: its media types, and its JSON schema if it has one. */
export interface DeclaredAnswer {
  mediaTypes: string[];
  /** The JSON schema as a validator; undefined without one, or with an empty one (`{}`). */
  schema: z.ZodType | undefined;
}

/** What the document `app` serves declares for this method, concrete path and status. */
export function declaredAnswer(
  app: Express,
  method: string,
  path: string,
  status: number,
): DeclaredAnswer {
  const checker = checkerFor(app);
  const template = checker.match(path);
  const operation = template
    ? (checker.document.paths?.[template] as Record<string, { responses?: Json }> | undefined)?.[
        method.toLowerCase()
      ]
    : undefined;
  const responses = operation?.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
  const media = key ? ((responses[key] as DocumentedResponse).content ?? {}) : {};
  const schema = media['application/json']?.schema;
  return {
    mediaTypes: Object.keys(media),
    schema:
      schema === undefined || JSON.stringify(schema) === '{}'
        ? undefined
        : validatorFor(checker, `${template} ${method.toLowerCase()} ${key}`, schema),
  };
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

function check(app: Express, req: Request, res: Response, body: Buffer): void {
  const checker = checkerFor(app);
  const method = req.method.toLowerCase();
  const path = req.originalUrl.split('?')[0] ?? '';
  const status = res.statusCode;
  const where = `${req.method} ${path} → ${status}`;
  const template = checker.match(path);
  const operation = template
    ? (checker.document.paths?.[template] as Record<string, { responses?: Json }> | undefined)?.[
        method
      ]
    : undefined;
  // A conditional GET answered "not modified" has no body to check.
  if (status === 304) return;
  const contentType = String(res.getHeader('content-type') ?? '').split(';')[0] ?? '';
  if (!operation) {
    // Not an API route (static files, uploads): only an error must still be the error shape.
    if (status < 400 || contentType !== 'application/json') return;
  }
  const responses = operation?.responses ?? {
    '4XX': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    '5XX': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  };
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
  if (!key) {
    violations.push(`${where}: estado no documentado (${Object.keys(responses).join(', ')})`);
    return;
  }
  const documented = responses[key] as DocumentedResponse;
  const media = documented.content;
  if (!media || body.length === 0) return;
  const entry = media[contentType];
  if (!entry) {
    violations.push(
      `${where}: tipo ${contentType || '(ninguno)'}, documentado ${Object.keys(media).join(', ')}`,
    );
    return;
  }
  if (contentType !== 'application/json' || entry.schema === undefined) return;
  const encoding = res.getHeader('content-encoding');
  let value: unknown;
  try {
    value = JSON.parse(
      decode(body, typeof encoding === 'string' ? encoding : undefined).toString('utf8'),
    );
  } catch {
    violations.push(`${where}: el cuerpo no es JSON`);
    return;
  }
  const validator = validatorFor(checker, `${template ?? '*'} ${method} ${key}`, entry.schema);
  const result = validator.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(raíz)'}: ${issue.message}`);
    violations.push(`${where}: no cumple el documento: ${issues.join('; ')}`);
  }
}

/** Records each response's bytes as they leave (after compression) and checks them at the end. */
function recorder(app: Express): RequestHandler {
  return (req, res, next) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(
              chunk as string,
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
      );
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return end(...args);
    }) as Response['end'];
    res.once('finish', () => {
      try {
        check(app, req, res, Buffer.concat(chunks));
      } catch (error) {
        violations.push(`${req.method} ${req.originalUrl}: ${(error as Error).message}`);
      }
    });
    next();
  };
}

/**
 * Puts the recorder in front of everything the app does. express has no "prepend": the layer is
 * added last, then moved first (router 2.x keeps its layers in a plain array).
 */
export function checkResponsesAgainstDocument(app: Express): void {
  app.use(recorder(app));
  const stack = (app as unknown as { router: { stack: unknown[] } }).router.stack;
  stack.unshift(stack.pop());
}

afterEach(() => {
  const found = takeContractViolations();
  if (found.length > 0)
    throw new Error(`Respuestas que no cumplen el documento OpenAPI:\n  ${found.join('\n  ')}`);
});
