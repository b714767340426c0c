// The public pages' answers, made once and kept per instance: robots.txt and the agenda's HTML
// (constants), each concert's page and the sitemap (kept while the change feed reports no change
// to concerts, bands or venues). The router (pages.routes.ts) makes what is missing; the lane in
// front of the stack (public-lane.ts) answers what is already here.
//
// The HTML pages come in two versions, for a browser without a session cookie and for one with:
// the page tells the SPA which (`<meta name="cm-session">`, server/web/spa.ts), so a visitor's
// app knows at once that nobody is signed in instead of asking /api/session and drawing the page
// again with the answer, and a fan's gets the session preloaded. Nothing else differs: no session
// is read here.
import type { IncomingMessage } from 'node:http';
import { parseConcertSegment } from '../../common/concert-page.js';
import type { ConcertPageDto } from '../../common/dto.js';
import type { ChangeFeed } from '../cache/change-feed.js';
import { watchedCache } from '../cache/local-cache.js';
import { upcomingCutoff } from '../concerts/upcoming.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import type { PageHead } from '../web/html-shell.js';
import { AGENDA_ENTRIES, hasSessionCookie, type SpaPages } from '../web/spa.js';
import { concertPageHead, ownImageOf } from './concert-head.js';
import { findConcertPage, upcomingConcertPaths } from './concert-page.service.js';
import { uploadedImageSize } from './image-size.js';
import { agendaHead, notFoundHead } from './page-heads.js';
import { prepareAnswer, type PreparedAnswer } from './prepared-answer.js';
import { robotsTxt, sitemapXml } from './seo.js';

const HTML = 'text/html; charset=utf-8';
const ROBOTS_CACHE = 'public, max-age=3600';

/** A page's two versions: without a session cookie, and with one. */
export interface BySessionCookie {
  none: PreparedAnswer;
  cookie: PreparedAnswer;
}

export interface ConcertPageAnswer {
  /** The canonical path: any other address of the concert is a 301 to it. */
  path: string;
  answers: BySessionCookie;
}

export interface PublicPagesDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** DATA_DIR: our uploaded pictures are measured there for og:image:width/height. */
  dataDir: string;
  pages: SpaPages;
  /** Database change notices: without them (some tests) nothing is kept between requests. */
  feed?: ChangeFeed;
}

export class PublicPages {
  readonly robots: PreparedAnswer;
  readonly agenda: BySessionCookie;
  readonly notFoundHtml: string;
  // A shared link opened by a whole group chat costs one query, not one per person.
  private readonly concertPages;
  private readonly sitemaps;

  constructor(private readonly deps: PublicPagesDeps) {
    const { publicUrl, pages, feed } = deps;
    this.robots = prepareAnswer(robotsTxt(publicUrl), 'text/plain; charset=utf-8', ROBOTS_CACHE);
    // Its code and data start with the HTML, not after the app's script asked for them.
    const agendaHtml = (cookie: boolean) =>
      pages
        .forSession(agendaHead(publicUrl, cookie), '/conciertos', cookie)
        .replace('</head>', () => `${pages.preloads(AGENDA_ENTRIES.public)}</head>`);
    this.agenda = bySessionCookie(agendaHtml);
    this.notFoundHtml = pages.html(notFoundHead(), '/conciertos');
    this.concertPages = watchedCache<ConcertPageAnswer>(feed, 'concerts', {
      ttlMs: 5 * 60_000,
      maxSize: 32 * 1024 * 1024,
      sizeOf: ({ answers }) => sizeOf(answers.none) + sizeOf(answers.cookie),
    });
    // One entry per minute of the upcoming cutoff: a concert leaves the sitemap within a minute
    // of leaving the agenda.
    this.sitemaps = watchedCache<PreparedAnswer>(feed, 'concerts', {
      ttlMs: 60_000,
      maxSize: 4,
    });
  }

  /** The page of this concert if this instance keeps it (the canonical path says if it is this). */
  keptConcertPage(id: number): ConcertPageAnswer | undefined {
    return this.concertPages.get(String(id));
  }

  /** The concert's page, kept or made now; undefined for an unknown or removed concert. */
  async concertPage(id: number): Promise<ConcertPageAnswer | undefined> {
    const kept = this.keptConcertPage(id);
    if (kept) return kept;
    const epoch = this.concertPages.epoch; // before the read: a change during it keeps nothing stale
    const concert = await findConcertPage(this.deps.db, this.deps.clock, id, undefined);
    if (!concert) return undefined;
    const head = await this.head(concert);
    const page = {
      path: concert.path,
      answers: bySessionCookie((cookie) => this.deps.pages.forSession(head, concert.path, cookie)),
    };
    this.concertPages.set(String(id), page, epoch);
    return page;
  }

  keptSitemap(): PreparedAnswer | undefined {
    return this.sitemaps.get(minuteOf(upcomingCutoff(this.deps.clock)));
  }

  async sitemap(): Promise<PreparedAnswer> {
    const now = this.deps.clock();
    const key = minuteOf(upcomingCutoff(() => now));
    const kept = this.sitemaps.get(key);
    if (kept) return kept;
    const epoch = this.sitemaps.epoch;
    const paths = await upcomingConcertPaths(this.deps.db, () => now);
    const answer = prepareAnswer(
      sitemapXml(this.deps.publicUrl, paths),
      'application/xml; charset=utf-8',
      ROBOTS_CACHE,
    );
    this.sitemaps.set(key, answer, epoch);
    return answer;
  }

  /** What the lane may answer for this request from memory alone, if anything. */
  keptAnswer(req: IncomingMessage & { path: string }): PreparedAnswer | undefined {
    const { path } = req;
    if (path === '/robots.txt') return this.robots;
    if (path === '/conciertos') return forRequest(this.agenda, req);
    if (path === '/sitemap.xml') return this.keptSitemap();
    if (!path.startsWith('/conciertos/')) return undefined;
    const asked = parseConcertSegment(path.slice('/conciertos/'.length));
    const page = asked ? this.keptConcertPage(asked.id) : undefined;
    // Any other address of the concert (bare id, old slug, other case) is the router's 301.
    return page?.path === path ? forRequest(page.answers, req) : undefined;
  }

  private async head(concert: ConcertPageDto): Promise<PageHead> {
    const image = ownImageOf(concert);
    const size = image ? await uploadedImageSize(this.deps.dataDir, image) : undefined;
    return concertPageHead(concert, this.deps.publicUrl, size);
  }
}

/** The version of a page for this request: with or without a session cookie. */
export function forRequest(answers: BySessionCookie, req: IncomingMessage): PreparedAnswer {
  return hasSessionCookie(req.headers.cookie) ? answers.cookie : answers.none;
}

/** Both versions of an HTML page; they vary on Cookie, so no cache hands one for the other. */
function bySessionCookie(html: (cookie: boolean) => string): BySessionCookie {
  const answer = (cookie: boolean) =>
    prepareAnswer(html(cookie), HTML, 'no-cache', { variesOnCookie: true });
  return { none: answer(false), cookie: answer(true) };
}

const sizeOf = (answer: PreparedAnswer) => answer.body.length + (answer.gzipped?.length ?? 0);

const minuteOf = (cutoff: { day: string; time: string }) =>
  `${cutoff.day}T${cutoff.time.slice(0, 5)}`;
