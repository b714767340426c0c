// Concert rows → calendar events and RSS items. Only public concert facts go in: never who liked
// a concert, a fan's score or reason, or anything about the fan.
import { concertPagePath } from '../../common/calendar.js';
import { spanishDay, spanishPrice } from '../weekly-mail/weekly-mail.template.js';
import type { CalendarConcertRow } from './calendar.repository.js';
import type { CalendarEvent } from './ics.js';
import type { RssItem } from './rss.js';

/** Bands joined with ' + ' as on the cards; the concert's own name, or its genre, without bands. */
export function concertTitle(
  row: Pick<CalendarConcertRow, 'band_names' | 'bandname' | 'genre'>,
): string {
  if (row.band_names.length > 0) return row.band_names.join(' + ');
  return row.bandname?.trim() || `Concierto de ${row.genre}`;
}

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

const pageUrl = (row: CalendarConcertRow, publicUrl: string) =>
  `${publicUrl}${concertPagePath(row.id)}`;

function descriptionOf(row: CalendarConcertRow, url: string): string {
  const lines = row.description ? [row.description, ''] : [];
  lines.push(
    `Género: ${row.genre}`,
    `Precio: ${spanishPrice(row.price)}`,
    `Más información: ${url}`,
  );
  return lines.join('\n');
}

export function toCalendarEvent(row: CalendarConcertRow, publicUrl: string): CalendarEvent {
  const url = pageUrl(row, publicUrl);
  return {
    uid: `concierto-${row.id}@${new URL(publicUrl).hostname}`,
    day: row.day,
    hour: row.hour,
    summary: concertTitle(row),
    location: concertLocation(row),
    url,
    description: descriptionOf(row, url),
    categories: [row.genre],
    stamp: row.created_at,
    geo:
      row.venue_lat !== null && row.venue_lon !== null
        ? { lat: row.venue_lat, lon: row.venue_lon }
        : null,
    cancelled: row.cancelled,
  };
}

export function toRssItem(row: CalendarConcertRow, publicUrl: string): RssItem {
  const url = pageUrl(row, publicUrl);
  const when = `${spanishDay(row.day)} a las ${row.hour}`;
  return {
    title: `${concertTitle(row)} · ${when}`,
    link: url,
    description: [
      `${when} en ${concertLocation(row)}.`,
      `${row.genre}. ${spanishPrice(row.price)}.`,
      ...(row.description ? [row.description] : []),
    ].join(' '),
    category: row.genre,
    pubDate: row.created_at,
  };
}
