// The OpenAPI 3.1 description of the REST API, generated (zod-openapi) from the same zod schemas
// route() validates with: each route's schemas come from route()'s registry, its path and method
// from the Express app itself, its security from the guards in front of it.
import type { Express } from 'express';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { errorResponseSchema } from '../../common/api/responses.js';
import { expressRoutes, type ExpressRoute } from '../lib/express-routes.js';
import { guardOf, routeSchemasOf, type GuardKind, type RouteSchemas } from '../lib/route.js';

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Bumped by hand when a change breaks clients; additions keep it. */
const API_VERSION = '1.0.0';

const STATUS_TEXT: Record<number, string> = {
  200: 'Correcto',
  201: 'Creado',
  204: 'Sin contenido',
  302: 'Redirección',
  400: 'Datos no válidos',
  401: 'Sin sesión',
  403: 'Sin permiso',
  404: 'No encontrado',
};

const errorContent = { 'application/json': { schema: errorResponseSchema } };

/** One route's operation, or undefined when its handler was not made by route(). */
export interface DocumentedRoute extends ExpressRoute {
  schemas: RouteSchemas | undefined;
  guard: GuardKind | undefined;
}

export function documentedRoutes(app: Express): DocumentedRoute[] {
  return expressRoutes(app).map((route) => {
    const kinds = [...route.middleware, ...route.handlers].map(guardOf);
    const guard = kinds.includes('admin') ? 'admin' : kinds.includes('user') ? 'user' : undefined;
    // A route may check its body in one route() and answer in a later one: their parts add up.
    const specs = route.handlers.map(routeSchemasOf).filter((found) => found !== undefined);
    const schemas = specs.length > 0 ? (Object.assign({}, ...specs) as RouteSchemas) : undefined;
    return { ...route, schemas, guard };
  });
}

function operationId(route: ExpressRoute): string {
  const words = route.template
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method, ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

function tagOf(template: string): string {
  const [first = '', second] = template.split('/').filter(Boolean);
  return first === 'api' && second ? second : first || 'web';
}

function responsesOf(route: DocumentedRoute, schemas: RouteSchemas): ZodOpenApiResponsesObject {
  const status = schemas.status ?? 200;
  const { response } = schemas;
  const bodiless = { description: STATUS_TEXT[status] ?? 'Correcto' };
  // A route that only ever fails (a sign-in provider switched off) answers the error shape.
  const success =
    status === 204 || response === undefined
      ? status >= 400
        ? { ...bodiless, content: errorContent }
        : bodiless
      : typeof response === 'string'
        ? {
            description: response,
            content: Object.fromEntries(
              [schemas.contentType ?? 'application/json']
                .flat()
                .map((type) => [type, { schema: z.unknown() }]),
            ),
          }
        : {
            description: STATUS_TEXT[status] ?? 'Correcto',
            content: { 'application/json': { schema: response } },
          };
  const responses: ZodOpenApiResponsesObject = { [`${status}`]: success };
  for (const [code, other] of Object.entries(schemas.also ?? {})) {
    const key = `${code}` as `4${string}`;
    if (typeof other !== 'string')
      responses[key] = {
        description: other.description,
        content: {
          [other.contentType ?? 'application/json']: { schema: other.schema ?? z.unknown() },
        },
      };
    else
      responses[key] =
        Number(code) >= 400
          ? { description: other, content: errorContent }
          : { description: other };
  }
  if (schemas.body || schemas.query || schemas.params)
    responses['400'] = { description: STATUS_TEXT[400]!, content: errorContent };
  if (route.guard) responses['401'] = { description: STATUS_TEXT[401]!, content: errorContent };
  if (route.guard === 'admin')
    responses['403'] = { description: STATUS_TEXT[403]!, content: errorContent };
  // Any route may also answer a rate limit, a too-large body, a busy server: always this shape.
  responses['4XX'] = { description: 'Error del cliente', content: errorContent };
  responses['5XX'] = { description: 'Error del servidor', content: errorContent };
  return responses;
}

/** Path parameters the template has but no schema describes (a route without params schema). */
function pathParams(route: DocumentedRoute, schemas: RouteSchemas) {
  if (schemas.params) return schemas.params as z.ZodObject;
  const names = [...route.template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

const SECURITY: Record<GuardKind, Record<string, string[]>[]> = {
  user: [{ sessionCookie: [] }],
  admin: [{ sessionCookie: [] }, { adminToken: [] }],
};

function operationOf(route: DocumentedRoute, schemas: RouteSchemas): ZodOpenApiOperationObject {
  const path = pathParams(route, schemas);
  return {
    operationId: operationId(route),
    summary: schemas.summary ?? `${route.method.toUpperCase()} ${route.template}`,
    tags: [tagOf(route.template)],
    security: route.guard ? SECURITY[route.guard] : [],
    requestParams: {
      ...(path ? { path } : {}),
      ...(schemas.query ? { query: schemas.query as z.ZodObject } : {}),
    },
    ...(schemas.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemas.body } },
          },
        }
      : {}),
    responses: responsesOf(route, schemas),
  };
}

export function buildOpenApiDocument(app: Express, serverUrl?: string): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  const tags = new Set<string>();
  for (const route of documentedRoutes(app)) {
    if (!route.schemas) continue;
    const operation = operationOf(route, route.schemas);
    tags.add(operation.tags![0]!);
    paths[route.template] = { ...paths[route.template], [route.method]: operation };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Conciertos Mallorca',
      version: API_VERSION,
      description:
        'API de la agenda de conciertos de Mallorca. Los errores son siempre ' +
        '{ "error": { "code", "message" } } con el mensaje en el idioma del lector (es o ca).',
      license: { name: 'Privativa', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl ?? 'http://localhost:3000' }],
    tags: [...tags].sort().map((name) => ({ name, description: `Rutas de ${name}` })),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cm.sid',
          description: 'La cookie de sesión (__Host-cm.sid bajo https)',
        },
        adminToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Admin-Token',
          description: 'ADMIN_API_TOKEN, para automatizar las rutas de administración',
        },
      },
    },
    paths,
  });
}
