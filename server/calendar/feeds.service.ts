// The calendar files and feeds: one concert's .ics, the public feeds (all upcoming concerts, or
// one genre's; ICS or RSS) and a fan's private feed. A feed's ETag is its version, read in one
// statement without building the body (calendar.repository.ts `versionOf`), and its Last-Modified
// the time that version first appeared, kept in the database so every instance gives calendar
// apps the same one; a 304 never builds the body. An instance reuses a public feed's version for
// a few seconds (KeptFeedVersions); a private feed's is read on every request.
import { createHash } from 'node:crypto';
import { genreFeedPath, publicFeedPath } from '../../common/calendar/links.js';
import type { Genre } from '../../common/genres/genres.js';
import { addressIn, savedLocale, type Locale } from '../../common/i18n/locales.js';
import { genreIn, textsIn } from '../i18n/intl.js';
import type { Database } from '../db/database.js';
import { addDays, madridDateTime, type Clock } from '../lib/time.js';
import { upcomingCutoff } from '../concerts/upcoming.js';
import { toCalendarEvent, toRssItem } from './calendar.dto.js';
import {
  findCalendarConcert,
  findFeedBySelector,
  findPrivateFeedConcerts,
  findUpcomingCalendarConcerts,
  privateFeedVersion,
  publicFeedVersion,
  type CalendarConcertRow,
  type FeedVersionRow,
} from './calendar.repository.js';
import { secretMatches, splitFeedToken } from './feed-token.js';
import { buildCalendar } from './ics.js';
import { buildRss } from './rss.js';

export interface FeedDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
}

export type FeedFormat = 'ics' | 'rss';

/** How long an instance reuses a public feed's version: a burst of polls asks the database once. */
const VERSION_KEPT_MS = 5_000;

/**
 * The public feeds' versions, each kept VERSION_KEPT_MS by the app's clock (one per feed: a few
 * dozen at most). A read under way is shared, so polls arriving together wait for the same one.
 */
export class KeptFeedVersions {
  private readonly kept = new Map<string, { until: number; version: Promise<FeedVersionRow> }>();

  constructor(private readonly clock: Clock) {}

  get(key: string, read: () => Promise<FeedVersionRow>): Promise<FeedVersionRow> {
    const now = this.clock().getTime();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.version;
    const version = read();
    this.kept.set(key, { until: now + VERSION_KEPT_MS, version });
    // A failed read is not kept: the next poll tries again.
    version.catch(() => {
      if (this.kept.get(key)?.version === version) this.kept.delete(key);
    });
    return version;
  }
}

/** The public feeds' deps: their versions are kept by this instance. */
export interface PublicFeedDeps extends FeedDeps {
  versions: KeptFeedVersions;
}

export interface FeedAnswer {
  etag: string;
  /** Null for a single concert's file (no stored version). */
  lastModified: Date | null;
  /** The body, built only when the client's copy is not current (a 304 never builds it). */
  body(): Promise<string>;
}

/** Calendar apps are asked to poll at most hourly. */
const REFRESH_HOURS = 1;
/** A concert stays in the fan's feed for a month after it, so their calendar keeps it. */
const PRIVATE_FEED_PAST_DAYS = 30;

const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export async function concertIcs(
  deps: FeedDeps,
  id: number,
  locale: Locale,
): Promise<FeedAnswer | undefined> {
  const row = await findCalendarConcert(deps.db, id, locale);
  if (!row) return undefined;
  const body = buildCalendar({
    name: textsIn(locale)('site.name'),
    description: textsIn(locale)('feed.oneConcert'),
    events: [toCalendarEvent(row, deps.publicUrl, locale)],
  });
  return { etag: etagOf(body), lastModified: null, body: () => Promise.resolve(body) };
}

interface FeedTexts {
  title: string;
  description: string;
  selfPath: string;
  locale: Locale;
}

function render(
  rows: CalendarConcertRow[],
  format: FeedFormat,
  texts: FeedTexts,
  publicUrl: string,
): string {
  if (format === 'rss') {
    return buildRss({
      title: texts.title,
      link: `${publicUrl}/conciertos`,
      selfUrl: `${publicUrl}${texts.selfPath}`,
      description: texts.description,
      locale: texts.locale,
      items: rows.map((row) => toRssItem(row, publicUrl, texts.locale)),
    });
  }
  return buildCalendar({
    name: texts.title,
    description: texts.description,
    refreshHours: REFRESH_HOURS,
    events: rows.map((row) => toCalendarEvent(row, publicUrl, texts.locale)),
  });
}

/**
 * Two concerts with every field the writers read, one cancelled: what `rendering` renders to
 * tell this code's output apart from another version's.
 */
const SAMPLE_ROWS: CalendarConcertRow[] = [
  {
    id: 1,
    day: '2030-03-31',
    hour: '21:00',
    genre: 'Rock',
    price: '12.50',
    venue: 'Es Gremi',
    bandname: 'Noche',
    description: 'Una noche de rock; dos grupos, una sala.',
    created_at: new Date('2030-01-01T10:00:00Z'),
    cancelled: false,
    band_names: ['Sa Fosca', 'Tramuntana'],
    venue_address: 'Carrer del Gremi 16',
    venue_town: 'Palma',
    venue_lat: 39.58,
    venue_lon: 2.65,
  },
  {
    id: 2,
    day: '2030-10-27',
    hour: '02:30',
    genre: 'Jazz',
    price: '0',
    venue: 'Sa Fàbrica',
    bandname: null,
    description: null,
    created_at: new Date('2030-02-01T10:00:00Z'),
    cancelled: true,
    band_names: [],
    venue_address: null,
    venue_town: null,
    venue_lat: null,
    venue_lon: null,
  },
];

/**
 * What a feed's body depends on besides its rows: its format, titles, PUBLIC_URL and the code that
 * writes it, as the hash of the feed written for two sample concerts. It goes into the version
 * (calendar.repository.ts `versionOf`), so a new release that writes feeds differently, or a new
 * PUBLIC_URL, gives new ETags without anyone remembering to bump a number.
 */
const renderings = new Map<string, string>();
function rendering(format: FeedFormat, texts: FeedTexts, publicUrl: string): string {
  const key = JSON.stringify([format, texts, publicUrl]);
  let salt = renderings.get(key);
  if (salt === undefined) {
    salt = etagOf(render(SAMPLE_ROWS, format, texts, publicUrl));
    if (renderings.size > 1_000) renderings.clear();
    renderings.set(key, salt);
  }
  return salt;
}

/** Every upcoming concert (not started more than 2 h ago), or those of one genre. */
export async function publicFeed(
  deps: PublicFeedDeps,
  genre: Genre | undefined,
  format: FeedFormat,
  locale: Locale,
): Promise<FeedAnswer> {
  const from = upcomingCutoff(deps.clock);
  const t = textsIn(locale);
  const path = genre ? genreFeedPath(genre, format) : publicFeedPath(format);
  const selfPath = addressIn(path, locale);
  const name = genre && genreIn(t, genre);
  const texts = {
    title: name ? t('feed.genreTitle', { genre: name }) : t('feed.allTitle'),
    description: name ? t('feed.genreDescription', { genre: name }) : t('feed.allDescription'),
    selfPath,
    locale,
  };
  // 'conciertos.rss', 'generos/rock.ics?lang=ca'…: each language's feed has its own version.
  const key = selfPath.split('/').slice(2).join('/');
  const salt = rendering(format, texts, deps.publicUrl);
  const version = await deps.versions.get(key, () =>
    publicFeedVersion(deps.db, { key, salt, from, genre, locale }, deps.clock()),
  );
  return {
    etag: `"${version.etag}"`,
    lastModified: version.changed_at,
    // Read after the version: a change committed in between gives a newer body under the older
    // ETag, which the next poll replaces (never an older body under a newer ETag).
    body: async () =>
      render(
        await findUpcomingCalendarConcerts(deps.db, from, genre, locale),
        format,
        texts,
        deps.publicUrl,
      ),
  };
}

/**
 * The fan's feed for a token, in their saved language, or undefined for a malformed, unknown,
 * wrong or revoked one.
 */
export async function privateFeed(deps: FeedDeps, token: string): Promise<FeedAnswer | undefined> {
  const parts = splitFeedToken(token);
  if (!parts) return undefined;
  const feed = await findFeedBySelector(deps.db, parts.selector);
  if (!feed?.secret_hash || !secretMatches(parts.secret, feed.secret_hash)) return undefined;

  const now = deps.clock();
  const fromDay = addDays(madridDateTime(now).day, -PRIVATE_FEED_PAST_DAYS);
  const locale = savedLocale(feed.locale);
  const t = textsIn(locale);
  const texts = {
    title: t('feed.privateTitle'),
    description: t(feed.include_extreme ? 'feed.privateWithMatches' : 'feed.privateLiked'),
    selfPath: '',
    locale,
  };
  const version = await privateFeedVersion(
    deps.db,
    {
      selector: parts.selector,
      userId: feed.user_id,
      salt: rendering('ics', texts, deps.publicUrl),
      fromDay,
      includeExtreme: feed.include_extreme,
      locale,
    },
    now,
  );
  return {
    etag: `"${version.etag}"`,
    lastModified: version.changed_at,
    body: async () => {
      const rows = await findPrivateFeedConcerts(
        deps.db,
        feed.user_id,
        fromDay,
        feed.include_extreme,
        locale,
      );
      return render(rows, 'ics', texts, deps.publicUrl);
    },
  };
}
