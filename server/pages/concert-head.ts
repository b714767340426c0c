// The <head> of a concert page, answered by the server so link previews (WhatsApp, Telegram) and
// search engines see a real card without running JavaScript: title, description, canonical URL,
// Open Graph and Twitter tags, and a schema.org MusicEvent in JSON-LD.
import type { ConcertPageDto } from '../../common/dto.js';
import { spanishLongDay } from '../../common/spanish-format.js';
import { madridIsoWithOffset } from '../lib/time.js';
import { escapeHtml, jsonForScript, type PageHead } from '../web/html-shell.js';

/** Our own preview picture (1200×630, the size Open Graph cards are drawn at). */
export const DEFAULT_OG_IMAGE = { path: '/og-concierto.png', width: 1200, height: 630 };

/** 'sábado, 28 de noviembre de 2026' (a calendar day: formatted at midday UTC, no shift). */
export function spanishDayWithYear(day: string): string {
  return spanishLongDay(new Date(`${day}T12:00:00Z`), true);
}

function formatPrice(price: string): string {
  const amount = Number(price);
  if (amount === 0) return 'Gratis';
  return `${amount.toLocaleString('es-ES', { minimumFractionDigits: amount % 1 === 0 ? 0 : 2 })} €`;
}

export function concertName(concert: ConcertPageDto): string {
  const names = concert.bands.length > 0 ? concert.bands.map((band) => band.name) : [];
  if (names.length > 0) return names.join(' + ');
  return concert.name ?? 'Concierto';
}

function placeLabel(concert: ConcertPageDto): string {
  const town = concert.place.town;
  return town && town !== concert.venue ? `${concert.venue} (${town})` : concert.venue;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function concertTitle(concert: ConcertPageDto): string {
  return `${concertName(concert)} en ${placeLabel(concert)}, ${spanishDayWithYear(concert.day)}`;
}

/** The facts first (what a preview must say), then the concert's own short text. */
export function concertDescription(concert: ConcertPageDto): string {
  const facts =
    `${concertName(concert)} en concierto en ${placeLabel(concert)} el ` +
    `${spanishDayWithYear(concert.day)} a las ${concert.hour}. ${formatPrice(concert.price)}. ` +
    `Género: ${concert.genre}.`;
  const extra = concert.descriptionShort ?? concert.description;
  return shorten(extra ? `${facts} ${extra}` : facts, 200);
}

export interface OgImage {
  url: string;
  width?: number;
  height?: number;
}

/** The picture the cards show: a band's, else the concert's (relative for our uploads). */
export function ownImageOf(concert: ConcertPageDto): string | null {
  return concert.bands.find((band) => band.imageUrl)?.imageUrl ?? concert.imageUrl;
}

/**
 * The concert's own picture (with its size when we know it: our uploads), else our preview
 * picture.
 */
export function concertImage(
  concert: ConcertPageDto,
  publicUrl: string,
  size?: { width: number; height: number },
): OgImage {
  const own = ownImageOf(concert);
  if (own) return { url: new URL(own, `${publicUrl}/`).href, ...size };
  return {
    url: `${publicUrl}${DEFAULT_OG_IMAGE.path}`,
    width: DEFAULT_OG_IMAGE.width,
    height: DEFAULT_OG_IMAGE.height,
  };
}

const EVENT_STATUS = {
  scheduled: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
} as const;

/** schema.org MusicEvent: what Google's event results and other readers understand. */
export function musicEventJsonLd(
  concert: ConcertPageDto,
  pageUrl: string,
  image: OgImage,
): Record<string, unknown> {
  const free = Number(concert.price) === 0;
  const { place } = concert;
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: concertName(concert),
    description: concertDescription(concert),
    url: pageUrl,
    image: [image.url],
    startDate: madridIsoWithOffset(concert.day, concert.hour),
    eventStatus: EVENT_STATUS[concert.status],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: place.name,
      address: {
        '@type': 'PostalAddress',
        ...(place.address ? { streetAddress: place.address } : {}),
        ...(place.town ? { addressLocality: place.town } : {}),
        addressRegion: 'Illes Balears',
        addressCountry: 'ES',
      },
      ...(place.lat !== null && place.lon !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lon } }
        : {}),
      ...(place.website ? { url: place.website } : {}),
    },
    performer: concert.bands.map((band) => ({
      '@type': 'MusicGroup',
      name: band.name,
      ...(band.spotifyUrl ? { sameAs: band.spotifyUrl } : {}),
    })),
    isAccessibleForFree: free,
    offers: {
      '@type': 'Offer',
      price: free ? '0' : concert.price,
      priceCurrency: 'EUR',
      url: pageUrl,
      availability: 'https://schema.org/InStock',
    },
    organizer: { '@type': 'Organization', name: place.name },
  };
}

function meta(attribute: 'name' | 'property', key: string, value: string | number): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">`;
}

/** Everything a concert page's <head> says about it. */
export function concertPageHead(
  concert: ConcertPageDto,
  publicUrl: string,
  imageSize?: { width: number; height: number },
): PageHead {
  const pageUrl = `${publicUrl}${concert.path}`;
  const title = concertTitle(concert);
  const description = concertDescription(concert);
  const image = concertImage(concert, publicUrl, imageSize);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Conciertos Mallorca'),
    meta('property', 'og:locale', 'es_ES'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image.url),
    ...(image.url.startsWith('https:') ? [meta('property', 'og:image:secure_url', image.url)] : []),
    ...(image.width && image.height
      ? [
          meta('property', 'og:image:width', image.width),
          meta('property', 'og:image:height', image.height),
        ]
      : []),
    meta('property', 'og:image:alt', `Imagen de ${concertName(concert)}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    `<script type="application/ld+json">${jsonForScript(musicEventJsonLd(concert, pageUrl, image))}</script>`,
  ];
  return { title: `${title} · Conciertos Mallorca`, description, extra: tags.join('') };
}
