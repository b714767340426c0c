// Public pages answered by the server with their own <head> (the SPA takes over in the browser):
// each concert's page, the public agenda, and robots.txt / sitemap.xml. No session is read here:
// the HTML is the same for everyone, and the fan's part comes from GET /api/concerts/:id.
import express, { type Router } from 'express';
import { parseConcertSegment } from '../../common/concert-page.js';
import { watchedCache } from '../cache/local-cache.js';
import type { ChangeFeed } from '../cache/change-feed.js';
import type { ConcertPageDto } from '../../common/dto.js';
import type { Database } from '../db/database.js';
import { describedAs, route } from '../lib/route.js';
import type { Clock } from '../lib/time.js';
import type { SpaPages } from '../web/spa.js';
import { agendaHead, notFoundHead } from './page-heads.js';
import { concertPageHead, ownImageOf } from './concert-head.js';
import { uploadedImageSize } from './image-size.js';
import { findConcertPage, upcomingConcertPaths } from './concert-page.service.js';
import { robotsTxt, sitemapXml } from './seo.js';

export function pagesRouter(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** DATA_DIR: our uploaded pictures are measured there for og:image:width/height. */
  dataDir: string;
  pages: SpaPages;
  /** Database change notices: without them (some tests) nothing is kept between requests. */
  feed?: ChangeFeed;
}): Router {
  const { db, clock, publicUrl, pages } = deps;
  const router = express.Router();
  // Each page's HTML, kept while no concert, band or venue changes (the feed's 'concerts' notices):
  // a shared link opened by a whole group chat costs one query, not one per person.
  const kept = watchedCache<{ path: string; html: string }>(deps.feed, 'concerts', {
    ttlMs: 5 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (page) => page.html.length * 2,
  });
  const render = async (concert: ConcertPageDto) => {
    const image = ownImageOf(concert);
    const size = image ? await uploadedImageSize(deps.dataDir, image) : undefined;
    return {
      path: concert.path,
      html: pages.html(concertPageHead(concert, publicUrl, size), concert.path),
    };
  };
  const agendaHtml = pages.html(agendaHead(publicUrl), '/conciertos');
  const notFoundHtml = pages.html(notFoundHead(), '/conciertos');

  router.get(
    '/robots.txt',
    route({ summary: 'robots.txt', response: 'Texto', contentType: 'text/plain' }, (_req, res) => {
      res
        .set('Cache-Control', 'public, max-age=3600')
        .type('text/plain')
        .send(robotsTxt(publicUrl));
    }),
  );

  router.get(
    '/sitemap.xml',
    route(
      {
        summary: 'Mapa del sitio: cada concierto próximo',
        response: 'XML',
        contentType: 'application/xml',
      },
      async (_req, res) => {
        const paths = await upcomingConcertPaths(db, clock);
        res
          .set('Cache-Control', 'public, max-age=3600')
          .type('application/xml')
          .send(sitemapXml(publicUrl, paths));
      },
    ),
  );

  router.get(
    '/conciertos',
    route(
      {
        summary: 'La agenda pública (página HTML)',
        response: 'Página HTML',
        contentType: 'text/html',
      },
      (_req, res) => {
        res.set('Cache-Control', 'no-cache').type('html').send(agendaHtml);
      },
    ),
  );

  router.get(
    '/conciertos/:segment',
    describedAs({
      summary: 'La página de un concierto, con su cabecera para buscadores y redes',
      response: 'Página HTML',
      contentType: 'text/html',
      also: {
        301: 'A la dirección canónica del concierto',
        404: { description: 'Página de concierto desconocido', contentType: 'text/html' },
      },
    }),
    async (req, res) => {
      const asked = parseConcertSegment(String(req.params.segment));
      let page = asked ? kept.get(String(asked.id)) : undefined;
      if (asked && !page) {
        const epoch = kept.epoch; // before the read: a change during it keeps nothing stale
        const concert = await findConcertPage(db, clock, asked.id, undefined);
        if (concert) {
          page = await render(concert);
          kept.set(String(asked.id), page, epoch);
        }
      }
      if (!asked || !page) {
        res.status(404).set('Cache-Control', 'no-cache').type('html').send(notFoundHtml);
        return;
      }
      if (`/conciertos/${asked.id}-${asked.slug}` !== page.path) {
        // An old or wrong slug, or the bare id other pages link to: one address per concert.
        const query = req.originalUrl.includes('?')
          ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
          : '';
        res.redirect(301, `${page.path}${query}`);
        return;
      }
      res.set('Cache-Control', 'no-cache').type('html').send(page.html);
    },
  );

  return router;
}
