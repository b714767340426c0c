// Generated sources for the import bench: a venue-agenda iCalendar feed (VTIMEZONE, TZID times)
// and a ticket seller's page of schema.org MusicEvents in JSON-LD, over the next months.
import { GENRES } from '../../common/genres/genres.js';
import { MADRID_VTIMEZONE } from '../../server/calendar/ics.js';

const pad = (value: number) => String(value).padStart(2, '0');

/** Day `offset` days after `today` (yyyy-MM-dd), as yyyyMMdd. */
function dayAfter(today: string, offset: number): { iso: string; compact: string } {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  const iso = date.toISOString().slice(0, 10);
  return { iso, compact: iso.replaceAll('-', '') };
}

export interface FeedVenue {
  name: string;
  town: string;
}

/** `count` events spread over 150 days from `today`, at our venues, named `prefix N`. */
export function generateCalendar(
  today: string,
  venues: FeedVenue[],
  count: number,
  prefix: string,
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bench//Agenda//ES',
    ...MADRID_VTIMEZONE,
  ];
  for (let i = 0; i < count; i += 1) {
    const venue = venues[i % venues.length]!;
    const { compact } = dayAfter(today, 1 + (i % 150));
    const hour = 19 + (i % 5);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${prefix}-${i}@bench.example`,
      `DTSTAMP:20300101T000000Z`,
      `DTSTART;TZID=Europe/Madrid:${compact}T${pad(hour)}${pad((i % 2) * 30)}00`,
      `SUMMARY:${prefix} ${i} en concierto`,
      `LOCATION:${venue.name}\\, ${venue.town}`,
      `CATEGORIES:${GENRES[i % GENRES.length]}`,
      `URL:https://bench.example/${prefix}/${i}`,
      `DESCRIPTION:Concierto número ${i} de la agenda\\, con entradas en taquilla.\\nPuertas una`,
      ' hora antes.',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** A listing page with `count` MusicEvents, each with a performer, a place and an offer. */
export function generatePage(
  today: string,
  venues: FeedVenue[],
  count: number,
  prefix = 'gira',
): string {
  const events = Array.from({ length: count }, (_, i) => {
    const venue = venues[(i * 7) % venues.length]!;
    const { iso } = dayAfter(today, 2 + (i % 140));
    return {
      '@type': 'MusicEvent',
      '@id': `https://entradas.bench.example/${prefix}/${i}#event`,
      name: `${prefix} ${i}`,
      url: `https://entradas.bench.example/${prefix}/${i}`,
      startDate: `${iso}T${pad(20 + (i % 3))}:00:00`,
      location: {
        '@type': 'Place',
        name: venue.name,
        address: { '@type': 'PostalAddress', addressLocality: venue.town },
      },
      performer: [{ '@type': 'MusicGroup', name: `Banda de ${prefix} ${i % 200}` }],
      offers: {
        '@type': 'Offer',
        price: String(10 + (i % 30)),
        priceCurrency: 'EUR',
        url: `https://entradas.bench.example/comprar/${prefix}/${i}`,
      },
      genre: GENRES[i % GENRES.length],
    };
  });
  const graph = JSON.stringify({ '@context': 'https://schema.org', '@graph': events });
  return `<!doctype html><html><head><script type="application/ld+json">${graph}</script></head><body></body></html>`;
}
