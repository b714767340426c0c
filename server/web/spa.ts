// Serves the built SPA: hashed assets cached for a year, index.html never cached and carrying
// the runtime config (so one build works with any configuration).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { PublicConfigDto } from '../../common/dto.js';
import { sessionCookieName } from '../auth/session-cookie.js';
import { headerShell, landingShell } from './first-paint.js';
import { HtmlShell, jsonForScript, type PageHead } from './html-shell.js';
import { describedAs } from '../lib/route.js';

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
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(';')
    .some((pair) => SESSION_COOKIE_NAMES.includes((pair.split('=', 1)[0] ?? '').trim()));
}

/** Fetched as the SPA's own same-origin fetch will ask, so the browser hands the answer over. */
const fetchPreload = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * `<link>`s that start, while the HTML is still being read, what an agenda page needs after the
 * app's own script: its page's code (`entry` in Vite's manifest, with the chunks it imports), its
 * styles and its data, `/api/concerts` and `/api/concerts/likes`, fetched exactly as the SPA
 * will fetch them (same-origin credentials), so the browser hands those answers over instead of
 * asking again. Without a manifest (a build made before it existed, the tests' stand-in client)
 * only the data links.
 */
function pagePreloads(clientDir: string, entry: string): string {
  const data = ['/api/concerts', '/api/concerts/likes'].map(fetchPreload).join('');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return data;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // index.html's own chunks are already in the page.
  const inPage = new Set(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || inPage.has(key) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  const links = [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // Applied from the start, not preloaded: inserted later by the page's code, the stylesheet
    // restyled and laid out the whole page again once the app had drawn it (20-40 ms of main
    // thread here). Vite adds no second link for a stylesheet already in the page.
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return links.join('') + data;
}

/** The agendas' page modules, as Vite's manifest names them. */
export const AGENDA_ENTRIES = {
  mine: 'src/features/concerts/MyConcertsPage.tsx',
  public: 'src/features/concerts/PublicAgendaPage.tsx',
} as const;

const isAgendaPage = (requestPath: string) =>
  requestPath.toLowerCase().replace(/\/+$/, '') === '/myconcerts';

/**
 * Pages opened from a mailed link that carries a secret (a reset, verification or unsubscribe
 * token, in the query or the fragment): the analytics script, a third party that reads the whole
 * URL and the page, is not added to them. Compared as the client's router matches paths: any
 * case, trailing slashes ignored.
 */
const PAGES_WITH_TOKENS = ['/verificar-email', '/update-password', '/unsubscribe'];
const isTokenPage = (requestPath: string) =>
  PAGES_WITH_TOKENS.includes(requestPath.toLowerCase().replace(/\/+$/, ''));

/**
 * index.html with a page's own head (server/pages), or the default one. `extraTags` go after the
 * config; `forSession` puts the session hint there (every page but the 404 of an unknown concert,
 * whose app asks /api/session).
 */
export interface SpaPages {
  readonly defaultHead: PageHead;
  html(head: PageHead, requestPath: string, extraTags?: string): string;
  /**
   * The page as a browser with or without a session cookie gets it (`<meta name="cm-session">`,
   * and with a cookie the session's preload); the server's public pages send one or the other.
   */
  forSession(head: PageHead, requestPath: string, cookie: boolean): string;
  /**
   * The preloads of an agenda page (`pagePreloads`), to put last in <head>, after the app's own
   * script and styles, which the browser should fetch first; empty without a build.
   */
  preloads(entry: string): string;
}

const sessionTag = (cookie: boolean) =>
  `<meta name="cm-session" content="${cookie ? 'cookie' : 'none'}">`;

/**
 * With a session cookie every page of the SPA asks /api/session before it shows anything of the
 * person's: fetched while the HTML is read, as the SPA will fetch it, the answer is there when the
 * app starts instead of one round trip after its JavaScript has run.
 */
const SESSION_PRELOAD = fetchPreload('/api/session');

const endOfHead = (html: string, tags: string) => html.replace('</head>', () => `${tags}</head>`);

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
  const hasBuild = existsSync(indexFile);
  const html = (head: PageHead, requestPath: string, extraTags = '') =>
    shell.render(head, (isTokenPage(requestPath) ? withoutAnalytics : withAnalytics) + extraTags);
  return {
    defaultHead: shell.defaultHead,
    html,
    forSession: (head, requestPath, cookie) => {
      const page = html(head, requestPath, sessionTag(cookie));
      return cookie ? endOfHead(page, SESSION_PRELOAD) : page;
    },
    preloads: (entry) => (hasBuild ? pagePreloads(options.clientDir, entry) : ''),
  };
}

export function spaRouter(options: {
  clientDir: string;
  pages: SpaPages;
  /** The landing's own head (its feed links: server/pages/page-heads.ts); default: index.html's. */
  landingHead?: PageHead;
}): Router {
  const router = express.Router();
  const { pages } = options;
  // Every other page has the default head: rendered once for each case, without a session
  // cookie, with one (its session preloaded), and the agenda with one (a visitor there is sent to
  // the landing, so nothing is preloaded for them). The preloads go last in <head>, after the
  // app's own script and styles, which the browser should fetch first.
  const preloads = pages.preloads(AGENDA_ENTRIES.mine);
  const page = (
    requestPath: string,
    head: PageHead,
    cookie: boolean,
    shell = headerShell(cookie),
  ) => pages.forSession({ ...head, body: shell }, requestPath, cookie);
  const variantsOf = (requestPath: string, head = pages.defaultHead, landing = false) => {
    const cookie = page(requestPath, head, true);
    return {
      // A visitor on the landing also gets its hero (first-paint.ts); with a cookie they may be
      // signed in and sent on, so only the header.
      none: page(requestPath, head, false, headerShell(false) + (landing ? landingShell() : '')),
      cookie,
      agenda: endOfHead(cookie, preloads),
    };
  };
  const indexHtml = variantsOf('/');
  const landingHtml = variantsOf('/', options.landingHead, true);
  const indexHtmlWithoutAnalytics = variantsOf(PAGES_WITH_TOKENS[0]!);

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
      const variants = isTokenPage(req.path)
        ? indexHtmlWithoutAnalytics
        : req.path === '/'
          ? landingHtml
          : indexHtml;
      const html = !hasSessionCookie(req.headers.cookie)
        ? variants.none
        : isAgendaPage(req.path)
          ? variants.agenda
          : variants.cookie;
      // The page depends on the cookie's presence: no cache may hand one person's to another.
      res.set('Cache-Control', 'no-cache').vary('Cookie').type('html').send(html);
    },
  );
  return router;
}
