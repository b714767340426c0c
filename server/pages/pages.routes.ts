// Public pages answered by the server with their own <head> (the SPA takes over in the browser):
// each concert's page, the public agenda, and robots.txt / sitemap.xml. No session is read here:
// the HTML differs only by whether a session cookie came (public-pages.ts), and the fan's part
// comes from GET /api/concerts/:id. What is made here is kept (public-pages.ts), and the lane in
// front of the stack (public-lane.ts) answers it from then on; these routes serve what is not
// kept yet, the 301s and the 404s.
import express, { type Router } from 'express';
import { parseConcertSegment } from '../../common/concert-page.js';
import { describedAs, route } from '../lib/route.js';
import { sendPrepared } from './prepared-answer.js';
import { forRequest, type PublicPages } from './public-pages.js';

const NOT_MODIFIED = { 304: 'Sin cambios desde If-None-Match' };

export function pagesRouter(pages: PublicPages): Router {
  const router = express.Router();

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
    '/conciertos',
    route(
      {
        summary: 'La agenda pública (página HTML)',
        response: 'Página HTML',
        contentType: 'text/html',
        also: NOT_MODIFIED,
      },
      (req, res) => {
        sendPrepared(req, res, forRequest(pages.agenda, req));
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
        304: 'Sin cambios desde If-None-Match',
        404: { description: 'Página de concierto desconocido', contentType: 'text/html' },
      },
    }),
    async (req, res) => {
      const asked = parseConcertSegment(String(req.params.segment));
      const page = asked ? await pages.concertPage(asked.id) : undefined;
      if (!asked || !page) {
        res.status(404).set('Cache-Control', 'no-cache').type('html').send(pages.notFoundHtml);
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
      sendPrepared(req, res, forRequest(page.answers, req));
    },
  );

  return router;
}
