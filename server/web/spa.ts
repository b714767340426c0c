// Serves the built SPA: hashed assets cached for a year, index.html never cached and carrying
// the runtime config (so one build works with any configuration).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { PublicConfigDto } from '../../common/dto.js';
import { describedAs } from '../lib/route.js';

function jsonForScript(value: unknown): string {
  // Keep "</script>" and friends from closing the tag early.
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function renderIndexHtml(
  template: string,
  publicConfig: PublicConfigDto,
  analyticsScriptUrl: string | undefined,
): string {
  const analytics = analyticsScriptUrl
    ? `<script defer src="${encodeURI(analyticsScriptUrl)}"></script>`
    : '';
  const configTag = `<script id="app-config" type="application/json">${jsonForScript(publicConfig)}</script>`;
  return template.replace('<!--app-config-->', configTag + analytics);
}

/**
/**
 * Pages opened from a mailed link that carries a secret (a reset, verification or unsubscribe
 * token, in the query or the fragment): the analytics script, a third party that reads the whole
 * URL and the page, is not added to them. Compared as the client's router matches paths: any
 * case, trailing slashes ignored.
 */
const PAGES_WITH_TOKENS = ['/verificar-email', '/update-password', '/unsubscribe'];
const isTokenPage = (requestPath: string) =>
  PAGES_WITH_TOKENS.includes(requestPath.toLowerCase().replace(/\/+$/, ''));

export function spaRouter(options: {
  clientDir: string;
  publicConfig: PublicConfigDto;
  analyticsScriptUrl: string | undefined;
}): Router {
  const router = express.Router();
  const indexFile = path.join(options.clientDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const render = (analyticsScriptUrl: string | undefined) =>
    template !== undefined
      ? renderIndexHtml(template, options.publicConfig, analyticsScriptUrl)
      : '<!doctype html><html lang="es"><meta charset="utf-8"><title>Conciertos Mallorca</title>' +
        '<p>Falta compilar la web: ejecuta <code>npm run build</code>.</p></html>';
  const indexHtml = render(options.analyticsScriptUrl);
  const indexHtmlWithoutAnalytics = render(undefined);

  router.use(
    '/assets',
    express.static(path.join(options.clientDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(options.clientDir, { index: false, maxAge: '1d' }));
  router.get(
    '/{*splat}',
    describedAs({
      summary: 'La web (SPA): index.html para cualquier otra ruta',
      response: 'Página HTML',
      contentType: 'text/html',
    }),
    (req, res) => {
      const html = isTokenPage(req.path) ? indexHtmlWithoutAnalytics : indexHtml;
      res.set('Cache-Control', 'no-cache').type('html').send(html);
    },
  );
  return router;
}
