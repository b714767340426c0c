// Serves the built SPA: hashed assets cached for a year, index.html never cached and carrying
// the runtime config (so one build works with any configuration).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { PublicConfigDto } from '../../common/dto.js';
import { sessionCookieName } from '../auth/session-cookie.js';

function jsonForScript(value: unknown): string {
  // Keep "</script>" and friends from closing the tag early.
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Whether the request carries a session cookie (either name: the one for http or `__Host-` for
 * https). Only its presence: whether it is valid is the API's business. Without one the browser
 * surely has no session, and the page says so (`<meta name="cm-session">`), so the SPA can show
 * the landing at once instead of asking /api/session first (one round trip less before the first
 * paint); with one, the SPA keeps the signed-in header's room while it asks.
 */
const SESSION_COOKIE_NAMES = [
  sessionCookieName({ publicUrl: 'http:' }),
  sessionCookieName({ publicUrl: 'https:' }),
];
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(';')
    .some((pair) => SESSION_COOKIE_NAMES.includes((pair.split('=', 1)[0] ?? '').trim()));
}

function renderIndexHtml(
  template: string,
  publicConfig: PublicConfigDto,
  analyticsScriptUrl: string | undefined,
  sessionCookie: boolean,
): string {
  const analytics = analyticsScriptUrl
    ? `<script defer src="${encodeURI(analyticsScriptUrl)}"></script>`
    : '';
  const configTag = `<script id="app-config" type="application/json">${jsonForScript(publicConfig)}</script>`;
  const sessionTag = `<meta name="cm-session" content="${sessionCookie ? 'cookie' : 'none'}">`;
  return template.replace('<!--app-config-->', configTag + sessionTag + analytics);
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
  const render = (analyticsScriptUrl: string | undefined, sessionCookie: boolean) =>
    template !== undefined
      ? renderIndexHtml(template, options.publicConfig, analyticsScriptUrl, sessionCookie)
      : '<!doctype html><html lang="es"><meta charset="utf-8"><title>Conciertos Mallorca</title>' +
        '<p>Falta compilar la web: ejecuta <code>npm run build</code>.</p></html>';
  // Rendered once each, without and with a session cookie.
  const variantsOf = (analyticsScriptUrl: string | undefined) => ({
    none: render(analyticsScriptUrl, false),
    cookie: render(analyticsScriptUrl, true),
  });
  const indexHtml = variantsOf(options.analyticsScriptUrl);
  const indexHtmlWithoutAnalytics = variantsOf(undefined);

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
    const variants = isTokenPage(req.path) ? indexHtmlWithoutAnalytics : indexHtml;
    const html = hasSessionCookie(req.headers.cookie) ? variants.cookie : variants.none;
    // The page depends on the cookie's presence: no cache may hand one person's to another.
    res.set('Cache-Control', 'no-cache').vary('Cookie').type('html').send(html);
  });
  return router;
}
