// Concert rows → calendar events and RSS items. Only public concert facts go in: never who liked
// a concert, a fan's score or reason, or anything about the fan.
import { concertPagePath } from '../../common/calendar/links.js';
import { concertDay, concertPrice, concertTitle } from '../../common/concerts/display.js';
import { addressIn, type Locale } from '../../common/i18n/locales.js';
import { genreIn, textsIn, untitledOfGenre, type ServerTranslate } from '../i18n/intl.js';
import type { CalendarConcertRow } from './calendar.repository.js';
import type { CalendarEvent } from './ics.js';
import type { RssItem } from './rss.js';

/** Bands joined with ' + ' as on the cards; the concert's own name, or its genre, without bands. */
const titleOf = (row: CalendarConcertRow, t: ServerTranslate) =>
  concertTitle(
    { bands: row.band_names, name: row.bandname },
    { unnamed: () => untitledOfGenre(t, row.genre) },
  );

/** 'Es Gremi, Carrer del Gremi 16, Palma': the venue, its address and its town, each once. */
export function concertLocation(row: CalendarConcertRow): string {
  const parts = [row.venue];
  if (row.venue_address) parts.push(row.venue_address);
  const town = row.venue_town;
  if (town && !parts.some((part) => part.toLowerCase().includes(town.toLowerCase()))) {
    parts.push(town);
  }
  return parts.join(', ');
}

/** The concert's page in the feed's language. */
const pageUrl = (row: CalendarConcertRow, publicUrl: string, locale: Locale) =>
  `${publicUrl}${addressIn(concertPagePath(row.id), locale)}`;

function descriptionOf(row: CalendarConcertRow, url: string, locale: Locale): string {
  const t = textsIn(locale);
  const lines = row.description ? [row.description, ''] : [];
  lines.push(
    `${t('concert.fact.genre')}: ${genreIn(t, row.genre)}`,
    `${t('concert.fact.price')}: ${concertPrice(locale, row.price, t)}`,
    t('calendar.moreInfo', { url }),
  );
  return lines.join('\n');
}

export function toCalendarEvent(
  row: CalendarConcertRow,
  publicUrl: string,
  locale: Locale,
): CalendarEvent {
  const t = textsIn(locale);
  const url = pageUrl(row, publicUrl, locale);
  return {
    uid: `concierto-${row.id}@${new URL(publicUrl).hostname}`,
    day: row.day,
    hour: row.hour,
    summary: titleOf(row, t),
    location: concertLocation(row),
    url,
    description: descriptionOf(row, url, locale),
    categories: [genreIn(t, row.genre)],
    stamp: row.created_at,
    geo:
      row.venue_lat !== null && row.venue_lon !== null
        ? { lat: row.venue_lat, lon: row.venue_lon }
        : null,
    cancelled: row.cancelled,
  };
}

export function toRssItem(row: CalendarConcertRow, publicUrl: string, locale: Locale): RssItem {
  const t = textsIn(locale);
  const url = pageUrl(row, publicUrl, locale);
  const when = t('weekly.when', { day: concertDay(locale, row.day), hour: row.hour });
  const genre = genreIn(t, row.genre);
  return {
    title: `${titleOf(row, t)} · ${when}`,
    link: url,
    description: [
      t('feed.whenWhere', { when, place: concertLocation(row) }),
      `${genre}. ${concertPrice(locale, row.price, t)}.`,
      ...(row.description ? [row.description] : []),
    ].join(' '),
    category: genre,
    pubDate: row.created_at,
  };
}
