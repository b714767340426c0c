// /calendario: calendar files and feeds, outside /api: calendar and feed readers carry no cookie,
// so no session is looked up, and the answers are cacheable. The private feed is keyed by its
// token alone (never logged: see server/lib/log-url.ts). Every request counts against a limit per
// client address (FEED_LIMIT), shared by every instance.
import express, { type Request, type Response, type Router } from 'express';
import { savedLocale } from '../../common/i18n/locales.js';
import { msg } from '../../common/text/schemas.js';
import { askedLocale, requestLocale } from '../i18n/intl.js';
import { notFound } from '../lib/errors.js';
import { route } from '../lib/route.js';
import { byIp, rateLimit, type LimitRule } from '../security/rate-limit.js';
import {
  concertFileParamsSchema,
  genreFileParamsSchema,
  privateFileParamsSchema,
  UNKNOWN_GENRE,
} from '../../common/calendar/schemas.js';
import {
  concertIcs,
  KeptFeedVersions,
  privateFeed,
  publicFeed,
  type FeedAnswer,
  type FeedDeps,
  type FeedFormat,
} from './feeds.service.js';

const CONTENT_TYPES: Record<FeedFormat, string> = {
  ics: 'text/calendar; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};

export const FEED_NOT_FOUND = msg('error.calendar.feedNotFound');

/**
 * Sends a feed, or 304 when the client's copy (If-None-Match / If-Modified-Since) is current:
 * then the body is never built.
 */
async function sendFeed(
  req: Request,
  res: Response,
  answer: FeedAnswer,
  format: FeedFormat,
  cacheControl: string,
): Promise<void> {
  res.set('Cache-Control', cacheControl).set('ETag', answer.etag);
  if (answer.lastModified) res.set('Last-Modified', answer.lastModified.toUTCString());
  // req.fresh follows RFC 9110: If-None-Match wins over If-Modified-Since when both are sent.
  if (req.fresh) return void res.status(304).end();
  res.type(CONTENT_TYPES[format]).send(await answer.body());
}

/** A public feed's language: only its address says it (`?lang=ca`), so shared caches may keep it. */
const feedLocale = (req: Request) => savedLocale(askedLocale(req.originalUrl));

// Public feeds may sit in shared caches for a few minutes; the private one only in its reader.
const PUBLIC_CACHE = 'public, max-age=300';
const PRIVATE_CACHE = 'private, no-cache';

// Feeds ask to be polled hourly; an app polling every 5 minutes spends 2 a feed per window, so one
// address (a household, an office, a calendar service's fetcher) keeps some 30 feeds current.
export const FEED_LIMIT: LimitRule = {
  name: 'calendar-ip',
  limit: 60,
  windowSeconds: 10 * 60,
  key: byIp,
};

/** What every file and feed may also answer (sendFeed's 304), for the OpenAPI document. */
const NOT_MODIFIED = { 304: 'Sin cambios desde If-None-Match / If-Modified-Since' } as const;

// Every upcoming concert, in each format.
const PUBLIC_FEEDS = [
  {
    format: 'ics',
    summary: 'Calendario público (iCalendar) de todos los conciertos próximos',
    response: 'iCalendar',
    contentType: 'text/calendar',
  },
  {
    format: 'rss',
    summary: 'Canal RSS de todos los conciertos próximos',
    response: 'RSS 2.0',
    contentType: 'application/rss+xml',
  },
] as const;

export function calendarFeedsRouter(feedDeps: FeedDeps): Router {
  const router = express.Router();
  const deps = { ...feedDeps, versions: new KeptFeedVersions(feedDeps.clock) };
  router.use(rateLimit(deps.db, [FEED_LIMIT]));

  for (const feed of PUBLIC_FEEDS) {
    router.get(
      `/conciertos.${feed.format}`,
      route(
        {
          summary: feed.summary,
          response: feed.response,
          contentType: feed.contentType,
          also: NOT_MODIFIED,
        },
        async (req, res) => {
          const answer = await publicFeed(deps, undefined, feed.format, feedLocale(req));
          await sendFeed(req, res, answer, feed.format, PUBLIC_CACHE);
        },
      ),
    );
  }

  router.get(
    '/generos/:file',
    route(
      {
        params: genreFileParamsSchema,
        summary:
          'Calendario (<género>.ics) o canal RSS (<género>.rss) de los conciertos de un género',
        response: 'iCalendar o RSS 2.0, según la extensión',
        contentType: ['text/calendar', 'application/rss+xml'],
        also: { ...NOT_MODIFIED, 404: 'Ningún género tiene ese nombre' },
      },
      async (req, res, { params }) => {
        const { genre, format } = params.file;
        if (!genre) throw notFound(UNKNOWN_GENRE);
        const answer = await publicFeed(deps, genre, format, feedLocale(req));
        await sendFeed(req, res, answer, format, PUBLIC_CACHE);
      },
    ),
  );

  router.get(
    '/conciertos/:file',
    route(
      {
        params: concertFileParamsSchema,
        summary: 'Un concierto en un archivo iCalendar, para descargarlo (<id>.ics)',
        response: 'iCalendar (como adjunto)',
        contentType: 'text/calendar',
        also: { ...NOT_MODIFIED, 404: 'El concierto no existe' },
      },
      async (req, res, { params }) => {
        // A file a person downloads from a page: in that page's language, whatever told it.
        res.vary('Cookie').vary('Accept-Language');
        const answer = await concertIcs(
          deps,
          params.file,
          requestLocale(req.originalUrl, req.headers),
        );
        if (!answer) throw notFound('error.concert.notFound');
        res.attachment(`concierto-${params.file}.ics`);
        await sendFeed(req, res, answer, 'ics', PUBLIC_CACHE);
      },
    ),
  );

  router.get(
    '/privado/:file',
    route(
      {
        params: privateFileParamsSchema,
        summary: 'El calendario privado de un fan (iCalendar), por su enlace secreto (<token>.ics)',
        response: 'iCalendar',
        contentType: 'text/calendar',
        also: { ...NOT_MODIFIED, 404: 'Enlace desconocido o revocado' },
      },
      async (req, res, { params }) => {
        const token = params.file.endsWith('.ics') ? params.file.slice(0, -'.ics'.length) : '';
        const answer = token ? await privateFeed(deps, token) : undefined;
        if (!answer) throw notFound(FEED_NOT_FOUND);
        res.set('X-Robots-Tag', 'noindex');
        await sendFeed(req, res, answer, 'ics', PRIVATE_CACHE);
      },
    ),
  );

  router.use((_req, _res, next) => next(notFound('error.calendar.notFound')));
  return router;
}
