// GET /api/openapi.json and the Swagger UI at /api/docs. Both are public: the document says what
// the open source code already says (paths, fields, which routes need a session or an admin), no
// data and no secret; every route checks its own permissions whatever a reader learns here.
import express, { type Router } from 'express';
import { z } from 'zod';
import { route } from '../lib/route.js';
import { buildOpenApiDocument, type OpenApiDocument } from './document.js';

// Swagger UI sets style attributes and loads its images as data: URLs; nothing inline runs.
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
  "frame-ancestors 'none'; form-action 'self'";

const DOCS_PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>API de Conciertos Mallorca</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** The document's outline: OpenAPI's own schema says the rest. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

/** The package's files DOCS_PAGE references, as paths under /api/docs. */
const DOCS_ASSETS = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js']);

// A file, not an inline script: the page's CSP allows no inline script.
const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });\n`;

async function swaggerUiFolder(): Promise<string> {
  const module = await import('swagger-ui-dist');
  return module.getAbsoluteFSPath();
}

export function openApiRouter(publicUrl: string): Router {
  const router = express.Router();
  // Built once, on the first request: by then every router of the app is mounted.
  let document: OpenApiDocument | undefined;
  router.get(
    '/openapi.json',
    route(
      { summary: 'Esta descripción OpenAPI 3.1 de la API', response: openApiDocumentSchema },
      (req, res) => {
        document ??= buildOpenApiDocument(req.app as express.Express, publicUrl);
        res.set('Cache-Control', 'no-cache').json(document);
      },
    ),
  );
  router.get(
    '/docs',
    route(
      {
        summary: 'La API para personas (Swagger UI)',
        response: 'Página HTML',
        contentType: 'text/html',
      },
      (_req, res) => {
        res.set('Content-Security-Policy', DOCS_CSP).type('html').send(DOCS_PAGE);
      },
    ),
  );
  router.get(
    '/docs/start.js',
    route(
      {
        summary: 'El arranque de Swagger UI',
        response: 'Script',
        contentType: 'text/javascript',
      },
      (_req, res) => {
        res.type('js').send(START_SCRIPT);
      },
    ),
  );
  let assets: express.Handler | undefined;
  router.use('/docs', (req, res, next) => {
    // Only what DOCS_PAGE loads: the package's other files (its petstore initializer, OAuth
    // redirect page, index.html, source maps) are not ours to publish.
    if (!DOCS_ASSETS.has(req.path)) return next();
    const serve = async () => {
      assets ??= express.static(await swaggerUiFolder(), { index: false, maxAge: '1d' });
      res.set('Content-Security-Policy', DOCS_CSP);
      assets(req, res, next);
    };
    serve().catch(next);
  });
  return router;
}
