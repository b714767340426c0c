// The routes an Express 5 app really has, read from its router stack (router 2.x keeps each
// layer's path as `rawPath`). The OpenAPI document, the metrics' route labels and the contract
// test all start from here, so none of them keeps a second list of paths by hand.
import type { Express } from 'express';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/** One method on one path, with every function that runs for it on its own route. */
export interface ExpressRoute {
  method: HttpMethod;
  /** Express syntax: /api/concerts/:id/like */
  path: string;
  /** OpenAPI syntax: /api/concerts/{id}/like */
  template: string;
  handlers: readonly unknown[];
  /** Middleware of the enclosing routers that runs before it (guards such as requireUser). */
  middleware: readonly unknown[];
}

// The parts of router 2.x's objects this walk reads; typed here because @types/express omits them.
interface RouteLike {
  path: string;
  stack: { method?: string; handle: unknown }[];
}
interface LayerLike {
  rawPath?: unknown;
  route?: RouteLike;
  handle?: { stack?: LayerLike[] };
}

function join(prefix: string, part: string): string {
  const joined = `${prefix}/${part}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Express path → OpenAPI path: ':id' → '{id}'; a splat '{*rest}' or '*rest' → '{rest}'. */
export function toTemplate(path: string): string {
  return path
    .replace(
      /\{\*(\w+)\}|\*(\w+)/g,
      (_m, a: string | undefined, b: string | undefined) => `{${a ?? b}}`,
    )
    .replace(/:(\w+)/g, '{$1}');
}

function pathsOf(rawPath: unknown): string[] {
  if (typeof rawPath === 'string') return [rawPath];
  if (Array.isArray(rawPath)) return rawPath.filter((p): p is string => typeof p === 'string');
  return []; // a RegExp mount: none in this app
}

function walk(
  stack: LayerLike[],
  prefix: string,
  before: readonly unknown[],
  found: ExpressRoute[],
): void {
  const middleware = [...before];
  for (const layer of stack) {
    if (layer.route) {
      const route = layer.route;
      for (const method of METHODS) {
        const handlers = route.stack
          .filter((item) => item.method === undefined || item.method === method)
          .map((item) => item.handle);
        if (!route.stack.some((item) => item.method === method)) continue;
        for (const part of pathsOf(route.path)) {
          const path = join(prefix, part);
          found.push({ method, path, template: toTemplate(path), handlers, middleware });
        }
      }
    } else if (layer.handle?.stack) {
      for (const part of pathsOf(layer.rawPath))
        walk(layer.handle.stack, join(prefix, part), middleware, found);
    } else {
      // A middleware mounted on sub-paths guards only those; close enough for naming security.
      middleware.push(layer.handle);
    }
  }
}

export function expressRoutes(app: Express): ExpressRoute[] {
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  const found: ExpressRoute[] = [];
  walk(router.stack, '', [], found);
  return found;
}

/** Finds the route template a concrete path belongs to (for metric labels, response checks). */
export function templateMatcher(
  templates: readonly string[],
): (path: string) => string | undefined {
  // Literal paths before parameters: /api/concerts/carousel is not /api/concerts/{id}.
  const params = (template: string) => (template.match(/\{/g) ?? []).length;
  const ordered = [...new Set(templates)].sort((a, b) => params(a) - params(b));
  const compiled = ordered.map((template) => {
    const source = template
      .split(/(\{\w+\})/)
      .map((piece) =>
        /^\{\w+\}$/.test(piece) ? '[^/]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    return { template, regex: new RegExp(`^${source}/?$`) };
  });
  return (path) => compiled.find((entry) => entry.regex.test(path))?.template;
}
