// Serves the built SPA: hashed assets cached for a year, index.html never cached and carrying
// the runtime config (so one build works with any configuration).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { PublicConfigDto } from '../../common/dto.js';
import { HtmlShell, jsonForScript, type PageHead } from './html-shell.js';

function configAndScripts(
  publicConfig: PublicConfigDto,
  analyticsScriptUrl: string | undefined,
): string {
  const analytics = analyticsScriptUrl
    ? `<script defer src="${encodeURI(analyticsScriptUrl)}"></script>`
    : '';
  const configTag = `<script id="app-config" type="application/json">${jsonForScript(publicConfig)}</script>`;
  return configTag + analytics;
}

const MISSING_BUILD =
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Conciertos Mallorca</title>' +
  '</head><body><p>Falta compilar la web: ejecuta <code>npm run build</code>.</p></body></html>';

/**
 * Pages opened from a mailed link that carries a secret (a reset, verification or unsubscribe
 * token, in the query or the fragment): the analytics script, a third party that reads the whole
 * URL and the page, is not added to them. Compared as the client's router matches paths: any
 * case, trailing slashes ignored.
 */
const PAGES_WITH_TOKENS = ['/verificar-email', '/update-password', '/unsubscribe'];
const isTokenPage = (requestPath: string) =>
  PAGES_WITH_TOKENS.includes(requestPath.toLowerCase().replace(/\/+$/, ''));

/** index.html with a page's own head (server/pages), or the default one. */
export interface SpaPages {
  readonly defaultHead: PageHead;
  html(head: PageHead, requestPath: string): string;
}

export function spaPages(options: {
  clientDir: string;
  publicConfig: PublicConfigDto;
  analyticsScriptUrl: string | undefined;
}): SpaPages {
  const indexFile = path.join(options.clientDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : MISSING_BUILD;
  const shell = new HtmlShell(template);
  const withAnalytics = configAndScripts(options.publicConfig, options.analyticsScriptUrl);
  const withoutAnalytics = configAndScripts(options.publicConfig, undefined);
  return {
    defaultHead: shell.defaultHead,
    html: (head, requestPath) =>
      shell.render(head, isTokenPage(requestPath) ? withoutAnalytics : withAnalytics),
  };
}

export function spaRouter(options: { clientDir: string; pages: SpaPages }): Router {
  const router = express.Router();
  const { pages } = options;
  // Every other page has the same head: rendered once.
  const indexHtml = pages.html(pages.defaultHead, '/');
  const indexHtmlWithoutAnalytics = pages.html(pages.defaultHead, PAGES_WITH_TOKENS[0]!);

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
  router.get('/{*splat}', (req, res) => {
    const html = isTokenPage(req.path) ? indexHtmlWithoutAnalytics : indexHtml;
    res.set('Cache-Control', 'no-cache').type('html').send(html);
  });
  return router;
}
