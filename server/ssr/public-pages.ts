// The public pages' answers for visitors, rendered once and kept per instance: the landing, the
// agenda /conciertos, each concert's page (kept while the change feed reports no change to
// concerts, bands or venues, and at most a minute for what time changes), robots.txt, the sitemap
// and, for a minute, the ids that are no concert. The router (pages.routes.ts) makes what is
// missing; the lane in front of the stack (fast-lane.ts) answers what is already here.
//
// Only a visitor's page is kept: it is the same for every visitor who reads that language, and kept
// once per language (the key starts with it). A signed-in fan's page is rendered for them on each
// request and never kept, so nothing of one fan's can reach another or a visitor.
import type { IncomingMessage } from 'node:http';
import { parseConcertSegment } from '../../common/concerts/page-address.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { ConcertPageDto } from '../../common/concerts/types.js';
import type { ChangeFeed } from '../cache/change-feed.js';
import { watchedCache } from '../cache/local-cache.js';
import type { AgendaReader } from '../concerts/agenda-responses.js';
import { upcomingCutoff } from '../concerts/upcoming.js';
import { isKeptAddress, requestLocale } from '../i18n/intl.js';
import type { PageHead } from './html-shell.js';
import { pageDataFor, type PageDataDeps, type SignedInUser } from './page-data.js';
import { hasSessionCookie, normalPath, type RenderDocument } from './spa.js';
import { concertPageHead, ownImageOf } from './concert-head.js';
import { findConcertPage, upcomingConcertPaths } from '../concerts/concert-page.service.js';
import { uploadedImageSize } from '../uploads/image-size.js';
import { agendaHead, landingHead, notFoundHead, siteHead } from './page-heads.js';
import { prepareAnswer, type PreparedAnswer } from './prepared-answer.js';
import { robotsTxt, sitemapXml } from './seo.js';

const HTML = 'text/html; charset=utf-8';
const ROBOTS_CACHE = 'public, max-age=3600';

export interface PublicPagesDeps {
  publicUrl: string;
  /** The agenda is on the fediverse: a concert's head links its ActivityStreams Event. */
  federated?: boolean;
  /** DATA_DIR: our uploaded pictures are measured there for og:image:width/height. */
  dataDir: string;
  renderDocument: RenderDocument;
  data: PageDataDeps;
  /** Database change notices: without them (some tests) nothing is kept between requests. */
  feed?: ChangeFeed;
}

/** A page as rendered for one request: its HTML, or where it sends the person. */
export type RenderedAnswer = { html: string; status: number } | { redirect: string };

export interface ConcertPageAnswer {
  /** The canonical path: any other address of the concert is a 301 to it. */
  path: string;
  /** The visitors' page, kept. */
  answer: PreparedAnswer;
}

export class PublicPages {
  readonly robots: PreparedAnswer;
  // One landing and one agenda per minute of the upcoming cutoff: a concert that starts leaves
  // them within a minute. A shared concert link opened by a whole group chat costs one query.
  private readonly landings;
  private readonly agendas;
  private readonly concertPages;
  // Ids with no concert, briefly: a stream of made-up ids costs one query each, not one per
  // request, and memory stays bounded.
  private readonly missingConcerts;
  private readonly sitemaps;

  constructor(private readonly deps: PublicPagesDeps) {
    const { publicUrl, feed } = deps;
    this.robots = prepareAnswer(robotsTxt(publicUrl), 'text/plain; charset=utf-8', ROBOTS_CACHE);
    const perMinute = { ttlMs: 60_000, maxSize: 4 };
    this.landings = watchedCache<PreparedAnswer>(feed, 'concerts', perMinute);
    this.agendas = watchedCache<PreparedAnswer>(feed, 'concerts', perMinute);
    this.sitemaps = watchedCache<PreparedAnswer>(feed, 'concerts', perMinute);
    this.concertPages = watchedCache<ConcertPageAnswer>(feed, 'concerts', {
      ttlMs: 5 * 60_000,
      maxSize: 32 * 1024 * 1024,
      sizeOf: ({ answer }) => answer.body.length + (answer.gzipped?.length ?? 0),
    });
    this.missingConcerts = watchedCache<true>(feed, 'concerts', {
      name: 'concert-not-found',
      ttlMs: 60_000,
      maxSize: 10_000,
    });
  }

  /** What the lane may answer for this request from memory alone, if anything. */
  keptAnswer(req: IncomingMessage & { path: string }): PreparedAnswer | undefined {
    const { path } = req;
    if (path === '/robots.txt') return this.robots;
    if (path === '/sitemap.xml') return this.sitemaps.get(this.minute());
    // Pages: only a visitor's, and only at their bare address or with just a language (any other
    // query may change the page), in the language this visitor reads.
    const url = req.url ?? path;
    if (hasSessionCookie(req.headers.cookie) || !isKeptAddress(url)) return undefined;
    const locale = requestLocale(url, req.headers);
    if (path === '/') return this.landings.get(`${locale}:${this.minute()}`);
    if (path === '/conciertos') return this.agendas.get(`${locale}:${this.minute()}`);
    if (!path.startsWith('/conciertos/')) return undefined;
    const asked = parseConcertSegment(path.slice('/conciertos/'.length));
    const page = asked ? this.concertPages.get(`${locale}:${asked.id}`) : undefined;
    // Any other address of the concert (bare id, old slug, other case) is the router's 301.
    return page?.path === path ? page.answer : undefined;
  }

  /** The visitors' landing (/), kept. */
  async landing(locale: Locale): Promise<PreparedAnswer> {
    return this.keptPerMinute(this.landings, '/', locale);
  }

  /** The visitors' agenda (/conciertos), kept. */
  async agenda(locale: Locale): Promise<PreparedAnswer> {
    return this.keptPerMinute(this.agendas, '/conciertos', locale);
  }

  /** A page at `url` (path and query) rendered now for this person, never kept. */
  async render(
    url: string,
    user: SignedInUser | undefined,
    locale: Locale,
  ): Promise<RenderedAnswer> {
    const path = normalPathOf(url);
    const data = await pageDataFor(this.deps.data, path, user, locale);
    const head = this.headOf(path, locale);
    return withStatus(this.deps.renderDocument({ head, url, data }), 200);
  }

  /** The landing and the agenda have heads of their own; other pages index.html's. */
  private headOf(path: string, locale: Locale): PageHead {
    if (path === '/') return landingHead(this.deps.publicUrl, locale);
    return path === '/conciertos' ? agendaHead(this.deps.publicUrl, locale) : siteHead(locale);
  }

  /** The visitors' page of this concert, kept; undefined for an unknown or removed concert. */
  async concertPage(id: number, locale: Locale): Promise<ConcertPageAnswer | undefined> {
    const key = `${locale}:${id}`;
    const kept = this.concertPages.get(key);
    if (kept) return kept;
    const epoch = this.concertPages.epoch; // before the read: a change during it keeps nothing stale
    const concert = await this.findConcert(id, { userId: undefined, locale });
    if (!concert) return undefined;
    const url = locale === 'es' ? concert.path : `${concert.path}?lang=${locale}`;
    const page = await this.renderConcert(url, concert, undefined, locale);
    if ('redirect' in page) return undefined; // a visitor's concert page never redirects
    const answer = { path: concert.path, answer: visitorAnswer(page.html) };
    this.concertPages.set(key, answer, epoch);
    return answer;
  }

  /** The "not found" page (404) of a concert address: rendered now, never kept. */
  async concertNotFound(
    url: string,
    id: number,
    user: SignedInUser | undefined,
    locale: Locale,
  ): Promise<RenderedAnswer> {
    return withStatus(await this.renderConcert(url, null, user, locale, id), 404);
  }

  /**
   * The page of this concert for a signed-in fan (with their score, like and thumbs), or for a
   * visitor at an address with a query, or the "not found" page (404): rendered now, never kept.
   */
  async concertPageFor(
    url: string,
    id: number,
    user: SignedInUser | undefined,
    locale: Locale,
  ): Promise<{ path: string | undefined; page: RenderedAnswer }> {
    const concert = await this.findConcert(id, { userId: user?.user_id, locale });
    const page = await this.renderConcert(url, concert ?? null, user, locale, id);
    return { path: concert?.path, page: concert ? page : withStatus(page, 404) };
  }

  async sitemap(): Promise<PreparedAnswer> {
    const { db, clock } = this.deps.data;
    const now = clock();
    const key = minuteOf(upcomingCutoff(() => now));
    const kept = this.sitemaps.get(key);
    if (kept) return kept;
    const epoch = this.sitemaps.epoch;
    const paths = await upcomingConcertPaths(db, () => now);
    const answer = prepareAnswer(
      sitemapXml(this.deps.publicUrl, paths),
      'application/xml; charset=utf-8',
      ROBOTS_CACHE,
    );
    this.sitemaps.set(key, answer, epoch);
    return answer;
  }

  /** The concert, or undefined when there is none (remembered, see missingConcerts). */
  private async findConcert(id: number, reader: AgendaReader): Promise<ConcertPageDto | undefined> {
    const key = String(id);
    if (this.missingConcerts.get(key)) return undefined;
    const epoch = this.missingConcerts.epoch;
    const { db, clock } = this.deps.data;
    const concert = await findConcertPage(db, clock, id, reader);
    if (!concert) this.missingConcerts.set(key, true, epoch);
    return concert;
  }

  private minute(): string {
    return minuteOf(upcomingCutoff(this.deps.data.clock));
  }

  private async keptPerMinute(
    cache: typeof this.landings,
    path: string,
    locale: Locale,
  ): Promise<PreparedAnswer> {
    const key = `${locale}:${this.minute()}`;
    const kept = cache.get(key);
    if (kept) return kept;
    const epoch = cache.epoch;
    const data = await pageDataFor(this.deps.data, path, undefined, locale);
    const head = this.headOf(path, locale);
    const page = this.deps.renderDocument({ head, url: path, data });
    // A visitor's landing and agenda never redirect; were they to, the page goes out empty.
    const answer = visitorAnswer('html' in page ? page.html : '');
    cache.set(key, answer, epoch);
    return answer;
  }

  private async renderConcert(
    url: string,
    concert: ConcertPageDto | null,
    user: SignedInUser | undefined,
    locale: Locale,
    id = concert?.id ?? 0,
  ): Promise<RenderedAnswer> {
    const head = concert ? await this.head(concert, locale) : notFoundHead(locale);
    const path = normalPathOf(url);
    const data = await pageDataFor(this.deps.data, path, user, locale, { id, page: concert });
    return withStatus(this.deps.renderDocument({ head, url, data }), 200);
  }

  private async head(concert: ConcertPageDto, locale: Locale): Promise<PageHead> {
    const image = ownImageOf(concert);
    const size = image ? await uploadedImageSize(this.deps.dataDir, image) : undefined;
    return concertPageHead(concert, this.deps.publicUrl, locale, size, this.deps.federated);
  }
}

/** A visitor's page: the same for every visitor, but not for a browser with a session. */
const visitorAnswer = (html: string) =>
  prepareAnswer(html, HTML, 'no-cache', { variesOnLanguage: true });

const withStatus = (
  page: { html: string } | { redirect: string },
  status: number,
): RenderedAnswer => ('redirect' in page ? page : { html: page.html, status });

const normalPathOf = (url: string) => normalPath(url.split('?')[0] ?? url);

const minuteOf = (cutoff: { day: string; time: string }) =>
  `${cutoff.day}T${cutoff.time.slice(0, 5)}`;
