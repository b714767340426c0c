// The public address of a concert, /conciertos/<id>-<slug>, shared by the server (redirects, head,
// sitemap) and the SPA (links from the cards). The slug is built from what the page shows first:
// the bands, the venue and the day, in Spanish words and plain ASCII.
import { MONTHS } from '../format/spanish.js';

/** Long band lists would make unreadable addresses; the id is what finds the concert. */
const MAX_NAMES_LENGTH = 60;

/** 'Sa Fàbrica d’Àlaró' → 'sa-fabrica-d-alaro': no accents, lower case, words joined by '-'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max + 1);
  const lastDash = head.lastIndexOf('-');
  return (lastDash > 0 ? head.slice(0, lastDash) : slug.slice(0, max)).replace(/-+$/, '');
}

/** 'yyyy-MM-dd' → '28-noviembre-2026'; anything else → ''. */
function spanishDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const [, year, month, date] = match;
  const monthName = MONTHS[Number(month) - 1];
  return monthName ? `${Number(date)}-${monthName}-${year}` : '';
}

export interface SlugSource {
  /** Band names in the order the page shows them (or the concert's free name). */
  bands: string[];
  venue: string;
  /** yyyy-MM-dd, Europe/Madrid. */
  day: string;
}

/** 'los-planetas-es-gremi-28-noviembre-2026'; never empty ('concierto' at worst). */
export function concertSlug(source: SlugSource): string {
  const names = cut(slugify(source.bands.join(' ')), MAX_NAMES_LENGTH);
  const slug = [names, slugify(source.venue), spanishDay(source.day)]
    .filter((part) => part !== '')
    .join('-');
  return slug === '' ? 'concierto' : slug;
}

/** '/conciertos/12-los-planetas-es-gremi-28-noviembre-2026' */
export function concertPath(id: number, source: SlugSource): string {
  return `/conciertos/${id}-${concertSlug(source)}`;
}

/** The last path segment of a concert page: its id and the slug it was asked with. */
export function parseConcertSegment(segment: string): { id: number; slug: string } | null {
  const match = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  // Ids are PostgreSQL integers: anything above is no concert.
  if (id > 2_147_483_647) return null;
  return { id, slug: match[2] ?? '' };
}

/** OpenStreetMap for a venue: its point when known, otherwise a search for its address. */
export function openStreetMapUrl(place: {
  lat: number | null;
  lon: number | null;
  address: string | null;
  name: string;
  town: string | null;
}): string {
  if (place.lat !== null && place.lon !== null) {
    return `https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lon}#map=17/${place.lat}/${place.lon}`;
  }
  const query = [place.address ?? place.name, place.town].filter(Boolean).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
