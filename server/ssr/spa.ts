// Serves the React app: its built files (hashed assets cached for a year), and the HTML of a page:
// index.html's shell with the page's head, the app's first screen rendered on the server
// (page-renderer.ts), the data it was drawn from and the runtime config. Which page is rendered
// for whom, and what is kept, is pages.routes.ts's and public-pages.ts's business.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { PublicConfigDto } from '../../common/api/types.js';
import { ADMIN_PAGES } from '../../common/i18n/catalogues.js';
import { LOCALES, type Locale } from '../../common/i18n/locales.js';
import { agendaApiPath, type PageData, type RenderPage } from '../../common/pages/render.js';
import { HEAD_SCRIPT } from '../../common/pages/head-script.js';
import { SUBMISSION_CONFIRM_PATH } from '../../common/submissions/limits.js';
import { sessionCookieName } from '../accounts/session-cookie.js';
import { route } from '../lib/route.js';
import { HtmlShell, jsonForScript, type PageHead } from './html-shell.js';

const MISSING_BUILD =
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Conciertos Mallorca</title>' +
  '</head><body><p>Falta compilar la web: ejecuta <code>npm run build</code>.</p></body></html>';

/**
 * Whether the request carries a session cookie (either name: the one for http or `__Host-` for
 * https). Only its presence: without one the browser surely has no session, and a visitor's kept
 * page can be sent at once (fast-lane.ts).
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

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The pages whose code the HTML preloads, as Vite's manifest names their modules, and the texts of
 * their own they hydrate with in the page's language (the admin's, see client/src/i18n/runtime.ts).
 */
const PAGE_MODULES: ReadonlyArray<[RegExp, string, string?]> = [
  [/^\/myconcerts$/, 'src/features/concerts/MyConcertsPage.tsx'],
  [/^\/conciertos$/, 'src/features/concerts/PublicAgendaPage.tsx'],
  [/^\/conciertos\/[^/]+$/, 'src/features/concerts/ConcertPage.tsx'],
  [/^\/profile$/, 'src/features/profile/ProfilePage.tsx'],
  [ADMIN_PAGES, 'src/features/admin/AdminPage.tsx', 'admin/'],
];

/**
 * `<link rel="modulepreload">`s of each page's code (its module in Vite's manifest and the chunks
 * it imports), fetched while the HTML is read: the app hydrates a page only once its code is
 * here (entry-client.tsx). At low priority, so the first paint's stylesheet and picture come
 * first. Without a manifest (the tests' stand-in client), none.
 */
function pagePreloads(
  clientDir: string,
): (requestPath: string, locale: Locale, textsInPage: boolean) => string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // index.html's own chunks are already in the page.
  const inPage = new Set(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  const linksOf = (entry: string) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || inPage.has(key) || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entry);
    return [...files]
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
      .join('');
  };
  const inLocales = (links: (locale: Locale) => string) =>
    Object.fromEntries(LOCALES.map((locale) => [locale, links(locale)])) as Record<Locale, string>;
  const pages = PAGE_MODULES.map(([pattern, entry, texts]) => {
    const code = linksOf(entry);
    return [
      pattern,
      inLocales((locale) => code + (texts ? linksOf(`${CATALOGUE_MODULE}${texts}${locale}`) : '')),
    ] as const;
  });
  // Every page hydrates with the texts' formatter, and its language's catalogue unless the page
  // carries its own texts.
  const formatter = linksOf(TEXTS_MODULE);
  const catalogue = inLocales((locale) => linksOf(`${CATALOGUE_MODULE}${locale}`));
  return (requestPath, locale, textsInPage) =>
    formatter +
    (textsInPage ? '' : catalogue[locale]) +
    (pages.find(([pattern]) => pattern.test(normalPath(requestPath)))?.[1][locale] ?? '');
}

/**
 * The landing's texts as the build wrote them (client/vite.config.ts `landingTexts()`), as the
 * `#app-texts` script of each language: the landing hydrates with them instead of fetching its
 * catalogue. Without them (the tests' stand-in client), none.
 */
function landingTextTags(clientDir: string): Record<Locale, string> | undefined {
  const files = LOCALES.map((locale) =>
    path.join(clientDir, '.vite', `landing-texts.${locale}.json`),
  );
  if (!files.every((file) => existsSync(file))) return undefined;
  return Object.fromEntries(
    LOCALES.map((locale, index) => [
      locale,
      `<script id="app-texts" type="application/json">${jsonForScript(
        JSON.parse(readFileSync(files[index]!, 'utf8')), // one file per locale, checked above
      )}</script>`,
    ]),
  ) as Record<Locale, string>;
}

/** The texts' formatter and each language's catalogue, as Vite's manifest names them. */
const TEXTS_MODULE = 'src/i18n/runtime.ts';
const CATALOGUE_MODULE = '../virtual:catalogue/';

/** Fetched as the app's own same-origin fetch will ask, so the browser hands the answer over. */
const agendaPreload = (locale: Locale) =>
  `<link rel="preload" href="${agendaApiPath(locale)}" as="fetch" crossorigin>`;

/** As the app's router matches paths: any case, trailing slashes ignored. */
export const normalPath = (requestPath: string) =>
  requestPath.toLowerCase().replace(/(?<=.)\/+$/, '');

/**
 * Pages opened from a mailed link that carries a secret (a reset, verification, unsubscribe or
 * submission confirmation token, in the query or the fragment): the analytics script, a third
 * party that reads the whole URL and the page, is not added to them.
 */
const PAGES_WITH_TOKENS = [
  '/verificar-email',
  '/update-password',
  '/unsubscribe',
  SUBMISSION_CONFIRM_PATH,
];

/** A page: its head, and the app's first screen with the data it was drawn from. */
export interface PageParts {
  head: PageHead;
  /** Path and query, as the browser asked. */
  url: string;
  data: PageData;
}

/** The whole HTML of a page, or where the page sends this person instead. */
export type RenderDocument = (parts: PageParts) => { html: string } | { redirect: string };

export function documentRenderer(options: {
  clientDir: string;
  publicConfig: PublicConfigDto;
  analyticsScriptUrl: string | undefined;
  render: RenderPage | undefined;
}): { renderDocument: RenderDocument } {
  const indexFile = path.join(options.clientDir, 'index.html');
  const shell = new HtmlShell(
    existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : MISSING_BUILD,
  );
  // The head script first (allowed by its hash in the CSP): presses kept until the app is ready,
  // and Intl started while the page waits for its files.
  const configTag =
    `<script>${HEAD_SCRIPT}</script>` +
    `<script id="app-config" type="application/json">${jsonForScript(options.publicConfig)}</script>`;
  const analytics = options.analyticsScriptUrl
    ? `<script defer src="${encodeURI(options.analyticsScriptUrl)}"></script>`
    : '';
  const preloadsOf = pagePreloads(options.clientDir);
  const landingTexts = landingTextTags(options.clientDir);
  const renderDocument: RenderDocument = ({ head, url, data }) => {
    const requestPath = url.split('?')[0] ?? url;
    const screen = options.render?.({ url, config: options.publicConfig, data }) ?? { html: '' };
    if (screen.redirect) return { redirect: screen.redirect };
    const tokens = PAGES_WITH_TOKENS.includes(normalPath(requestPath));
    const embedded = data.agendaFromApi ? { ...data, agenda: undefined } : data;
    const dataTag = `<script id="app-data" type="application/json">${jsonForScript(embedded)}</script>`;
    // The landing for a visitor, the one page with a carousel: its few texts come in the page.
    const textsTag = data.carousel ? (landingTexts?.[data.locale] ?? '') : '';
    const html = shell.render(
      head,
      configTag + (tokens ? '' : analytics),
      screen.html + '</div>' + dataTag + textsTag,
      preloadsOf(requestPath, data.locale, textsTag !== '') +
        (data.agendaFromApi ? agendaPreload(data.locale) : ''),
      data.locale,
    );
    return { html };
  };
  return { renderDocument };
}

/** A conditional request for a file the browser already has as it is. */
const NOT_MODIFIED = { 304: 'Sin cambios desde If-None-Match o If-Modified-Since' };

/**
 * The built files: hashed assets for a year, precompressed, the service worker always checked
 * (browsers look for a new one on each visit, and a day in their HTTP cache would hold a deploy's
 * worker back), the rest (icons, the web app manifest) for a day.
 */
export function spaAssets(clientDir: string): Router {
  const router = express.Router();
  router.use(
    '/assets',
    // Brotli or gzip as the build compressed them (scripts/precompress.mjs), else as they are.
    expressStaticGzip(path.join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
    }),
  );
  const files = express.static(clientDir, {
    index: false,
    maxAge: '1d',
    // Called before serve-static sets its own Cache-Control, which then leaves this one.
    setHeaders: (res, file) => {
      if (path.relative(clientDir, file) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
    },
  });
  // What makes the app installable, in the API's document beside the pages.
  const installable = [
    ['/sw.js', 'El service worker: la app sin conexión y sus versiones nuevas', 'text/javascript'],
    ['/manifest.webmanifest', 'El manifiesto de la app instalable', 'application/manifest+json'],
    ['/manifest.ca.webmanifest', 'El manifiesto, en catalán', 'application/manifest+json'],
  ] as const;
  for (const [file, summary, contentType] of installable) {
    router.get(
      file,
      route(
        { summary, response: 'El archivo', contentType, also: NOT_MODIFIED },
        (req, res, _input, next) => files(req, res, next),
      ),
    );
  }
  router.use(files);
  return router;
}
