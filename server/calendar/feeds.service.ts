// The calendar files and feeds: one concert's .ics, the public feeds (all upcoming concerts, or
// one genre's; ICS or RSS) and a fan's private feed. Each answer carries an ETag (the SHA-256 of
// the body) and the time that body first appeared, kept in the database so every instance gives
// calendar apps the same Last-Modified and a 304 when nothing changed.
import { createHash } from 'node:crypto';
import { genreFeedPath, publicFeedPath } from '../../common/calendar.js';
import type { Genre } from '../../common/genres.js';
import type { Database } from '../db/database.js';
import { addDays, madridDateTime, type Clock } from '../lib/time.js';
import { upcomingCutoff } from '../concerts/upcoming.js';
import { toCalendarEvent, toRssItem } from './calendar.dto.js';
import {
  findCalendarConcert,
  findFeedBySelector,
  findPrivateFeedConcerts,
  findUpcomingCalendarConcerts,
  publicFeedChangedAt,
  savePrivateFeedVersion,
  type CalendarConcertRow,
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

export interface FeedAnswer {
  body: string;
  etag: string;
  /** Null for a single concert's file (no stored version). */
  lastModified: Date | null;
}

/** Calendar apps are asked to poll at most hourly. */
const REFRESH_HOURS = 1;
/** A concert stays in the fan's feed for a month after it, so their calendar keeps it. */
const PRIVATE_FEED_PAST_DAYS = 30;

const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export async function concertIcs(deps: FeedDeps, id: number): Promise<FeedAnswer | undefined> {
  const row = await findCalendarConcert(deps.db, id);
  if (!row) return undefined;
  const body = buildCalendar({
    name: 'Conciertos Mallorca',
    description: 'Un concierto de Conciertos Mallorca',
    events: [toCalendarEvent(row, deps.publicUrl)],
  });
  return { body, etag: etagOf(body), lastModified: null };
}

function render(
  rows: CalendarConcertRow[],
  format: FeedFormat,
  texts: { title: string; description: string; selfPath: string },
  publicUrl: string,
): string {
  if (format === 'rss') {
    return buildRss({
      title: texts.title,
      link: `${publicUrl}/conciertos`,
      selfUrl: `${publicUrl}${texts.selfPath}`,
      description: texts.description,
      items: rows.map((row) => toRssItem(row, publicUrl)),
    });
  }
  return buildCalendar({
    name: texts.title,
    description: texts.description,
    refreshHours: REFRESH_HOURS,
    events: rows.map((row) => toCalendarEvent(row, publicUrl)),
  });
}

/** Every upcoming concert (not started more than 2 h ago), or those of one genre. */
export async function publicFeed(
  deps: FeedDeps,
  genre: Genre | undefined,
  format: FeedFormat,
): Promise<FeedAnswer> {
  const rows = await findUpcomingCalendarConcerts(deps.db, upcomingCutoff(deps.clock), genre);
  const selfPath = genre ? genreFeedPath(genre, format) : publicFeedPath(format);
  const body = render(
    rows,
    format,
    {
      title: genre ? `Conciertos de ${genre} en Mallorca` : 'Conciertos en Mallorca',
      description: genre
        ? `Los próximos conciertos de ${genre} en Mallorca.`
        : 'Los próximos conciertos en Mallorca.',
      selfPath,
    },
    deps.publicUrl,
  );
  const etag = etagOf(body);
  const key = selfPath.split('/').slice(2).join('/');
  const lastModified = await publicFeedChangedAt(deps.db, key, etag, deps.clock());
  return { body, etag, lastModified };
}

/** The fan's feed for a token, or undefined for a malformed, unknown, wrong or revoked one. */
export async function privateFeed(deps: FeedDeps, token: string): Promise<FeedAnswer | undefined> {
  const parts = splitFeedToken(token);
  if (!parts) return undefined;
  const feed = await findFeedBySelector(deps.db, parts.selector);
  if (!feed?.secret_hash || !secretMatches(parts.secret, feed.secret_hash)) return undefined;

  const now = deps.clock();
  const fromDay = addDays(madridDateTime(now).day, -PRIVATE_FEED_PAST_DAYS);
  const rows = await findPrivateFeedConcerts(deps.db, feed.user_id, fromDay, feed.include_extreme);
  const body = buildCalendar({
    name: 'Mis conciertos · Conciertos Mallorca',
    description: feed.include_extreme
      ? 'Los conciertos que te gustan y los que más encajan contigo.'
      : 'Los conciertos que te gustan.',
    refreshHours: REFRESH_HOURS,
    events: rows.map((row) => toCalendarEvent(row, deps.publicUrl)),
  });
  const etag = etagOf(body);
  if (feed.content_etag === etag && feed.content_changed_at) {
    return { body, etag, lastModified: feed.content_changed_at };
  }
  await savePrivateFeedVersion(deps.db, parts.selector, etag, now);
  return { body, etag, lastModified: now };
}
