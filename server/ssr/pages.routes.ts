// Every page of the app, rendered on the server for whoever asks, and robots.txt / sitemap.xml.
// The landing, the agenda /conciertos and each concert's page have their own <head>. A visitor's
// page at its bare address is kept (public-pages.ts) and, once kept, answered by the lane in front
// of the stack (fast-lane.ts); a signed-in fan's, or one with a query, is rendered for that
// request. Mounted after the session middleware: the page depends on who asks.
import express, { type Response, type Router } from 'express';
import { parseConcertSegment } from '../../common/concerts/page-address.js';
import { isKeptAddress, readerLocale, rememberAskedLocale } from '../i18n/intl.js';
import { describedAs, route } from '../lib/route.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { SignedInUser } from './page-data.js';
import { sendPrepared, type PreparedAnswer } from './prepared-answer.js';
import type { PublicPages, RenderedAnswer } from './public-pages.js';
import { SESSION_EXPIRES_HEADER } from '../lib/session-signals.js';
import { sessionEndsAt } from '../accounts/session.js';

const NOT_MODIFIED = { 304: 'Sin cambios desde If-None-Match' };
const PAGE = { response: 'Página HTML', contentType: 'text/html', also: NOT_MODIFIED };

/** A page rendered for one request: for this person only, never kept by any cache. */
function sendRendered(res: Response, page: RenderedAnswer, user: SignedInUser | undefined): void {
  rememberAskedLocale(res.req, res);
  res
    .set('Cache-Control', user ? 'private, no-cache' : 'no-cache')
    .vary('Cookie')
    .vary('Accept-Language');
  // Until when the session that drew a fan's page lives: the service worker's offline copy of the
  // page is forgotten then (client/service-worker.js).
  const ends = user && res.req.session ? sessionEndsAt(res.req.session) : undefined;
  if (ends) res.set(SESSION_EXPIRES_HEADER, ends.toISOString());
  if ('redirect' in page) return res.redirect(302, page.redirect);
  res.status(page.status).type('html').send(page.html);
}

export function pagesRouter(pages: PublicPages): Router {
  const router = express.Router();
  /** A visitor at the bare address (or `?lang=`) gets the kept page; anyone else one rendered now. */
  const publicPage =
    (kept: (locale: Locale) => Promise<PreparedAnswer>) =>
    async (req: express.Request, res: Response) => {
      const user = req.user;
      const locale = readerLocale(req);
      if (!user && isKeptAddress(req.originalUrl)) {
        return sendPrepared(req, res, await kept(locale));
      }
      sendRendered(res, await pages.render(req.originalUrl, user, locale), user);
    };

  router.get(
    '/robots.txt',
    route(
      { summary: 'robots.txt', response: 'Texto', contentType: 'text/plain', also: NOT_MODIFIED },
      (req, res) => {
        sendPrepared(req, res, pages.robots);
      },
    ),
  );

  router.get(
    '/sitemap.xml',
    route(
      {
        summary: 'Mapa del sitio: cada concierto próximo',
        response: 'XML',
        contentType: 'application/xml',
        also: NOT_MODIFIED,
      },
      async (req, res) => {
        sendPrepared(req, res, await pages.sitemap());
      },
    ),
  );

  router.get(
    '/',
    describedAs({
      summary: 'La portada (página HTML)',
      ...PAGE,
      also: { ...NOT_MODIFIED, 302: 'A un fan, a su agenda' },
    }),
    publicPage((locale) => pages.landing(locale)),
  );

  router.get(
    '/conciertos',
    describedAs({ summary: 'La agenda pública (página HTML)', ...PAGE }),
    publicPage((locale) => pages.agenda(locale)),
  );

  router.get(
    '/conciertos/:segment',
    describedAs({
      summary:
        'La página de un concierto, con su cabecera para buscadores y redes (con FEDERATION, pedida como application/activity+json, su Event de ActivityStreams)',
      ...PAGE,
      contentType: ['text/html', 'application/activity+json'],
      also: {
        ...NOT_MODIFIED,
        301: 'A la dirección canónica del concierto',
        404: { description: 'Página de concierto desconocido', contentType: 'text/html' },
      },
    }),
    async (req, res) => {
      const user = req.user;
      const url = req.originalUrl;
      const locale = readerLocale(req);
      const asked = parseConcertSegment(String(req.params.segment));
      if (!asked) return sendRendered(res, await pages.concertNotFound(url, 0, user, locale), user);
      // An old or wrong slug, or the bare id other pages link to: one address per concert.
      const canonical = (path: string) => {
        if (`/conciertos/${asked.id}-${asked.slug}` === path) return false;
        res.redirect(301, `${path}${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`);
        return true;
      };
      if (!user) {
        const kept = await pages.concertPage(asked.id, locale);
        if (!kept) {
          return sendRendered(res, await pages.concertNotFound(url, asked.id, user, locale), user);
        }
        if (canonical(kept.path)) return;
        if (isKeptAddress(url)) return sendPrepared(req, res, kept.answer);
      }
      const { path, page } = await pages.concertPageFor(url, asked.id, user, locale);
      if (path && canonical(path)) return;
      sendRendered(res, page, user);
    },
  );

  router.get(
    '/{*splat}',
    describedAs({
      summary: 'Cualquier otra página de la web, renderizada para quien la pide',
      response: 'Página HTML',
      contentType: 'text/html',
      also: { 302: 'Adonde la página envía a esta persona (p. ej. sin sesión)' },
    }),
    async (req, res) => {
      sendRendered(res, await pages.render(req.originalUrl, req.user, readerLocale(req)), req.user);
    },
  );

  return router;
}
