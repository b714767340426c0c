// The <head> of a concert page, answered by the server so link previews (WhatsApp, Telegram) and
// search engines see a real card without running JavaScript: title, description, canonical URL,
// Open Graph and Twitter tags, and a schema.org MusicEvent in JSON-LD.
import { concertDay, concertTitle } from '../../common/concerts/display.js';
import type { ConcertPageDto } from '../../common/concerts/types.js';
import { addressIn, type Locale } from '../../common/i18n/locales.js';
import { INTL_LOCALES } from '../../common/format/locale.js';
import { genreIn, textsIn } from '../i18n/intl.js';
import { madridIsoWithOffset } from '../lib/time.js';
import { escapeHtml } from '../lib/html.js';
import { jsonForScript, type PageHead } from './html-shell.js';
import { languageLinks, OG_LOCALES } from './page-heads.js';

/** Our own preview picture (1200×630, the size Open Graph cards are drawn at). */
export const DEFAULT_OG_IMAGE = { path: '/og-concierto.png', width: 1200, height: 630 };

function formatPrice(price: string | null, locale: Locale): string {
  if (price === null) return textsIn(locale)('price.unknown');
  const amount = Number(price);
  if (amount === 0) return textsIn(locale)('price.free');
  const digits = { minimumFractionDigits: amount % 1 === 0 ? 0 : 2 };
  return `${amount.toLocaleString(INTL_LOCALES[locale], digits)} €`;
}

/** The concert's title as the head names it: bands, else its name, else 'Concierto'. */
const concertName = (concert: ConcertPageDto, locale: Locale) =>
  concertTitle(concert, { unnamed: () => textsIn(locale)('concertHead.unnamed') });

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

/** 'Los Planetas en Es Gremi (Palma), sábado, 28 de noviembre de 2026': the page's title. */
function headTitle(concert: ConcertPageDto, locale: Locale): string {
  return textsIn(locale)('concertHead.title', {
    name: concertName(concert, locale),
    place: placeLabel(concert),
    day: concertDay(locale, concert.day, true),
  });
}

/** The facts first (what a preview must say), then the concert's own short text. */
export function concertDescription(concert: ConcertPageDto, locale: Locale): string {
  const facts = textsIn(locale)('concertHead.description', {
    name: concertName(concert, locale),
    place: placeLabel(concert),
    day: concertDay(locale, concert.day, true),
    hour: concert.hour,
    price: formatPrice(concert.price, locale),
    genre: genreIn(textsIn(locale), concert.genre),
  });
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
  locale: Locale,
): Record<string, unknown> {
  // An unknown price is not free: no price and no isAccessibleForFree are claimed then.
  const known = concert.price !== null;
  const free = known && Number(concert.price) === 0;
  const { place } = concert;
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: concertName(concert, locale),
    description: concertDescription(concert, locale),
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
    ...(known ? { isAccessibleForFree: free } : {}),
    offers: {
      '@type': 'Offer',
      ...(known ? { price: free ? '0' : concert.price, priceCurrency: 'EUR' } : {}),
      url: concert.ticketUrl ?? pageUrl,
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
  locale: Locale,
  imageSize?: { width: number; height: number },
  federated = false,
): PageHead {
  const bareUrl = `${publicUrl}${concert.path}`;
  const pageUrl = addressIn(bareUrl, locale);
  const title = headTitle(concert, locale);
  const description = concertDescription(concert, locale);
  const image = concertImage(concert, publicUrl, imageSize);
  const tags = [
    languageLinks(bareUrl, locale),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Conciertos Mallorca'),
    meta('property', 'og:locale', OG_LOCALES[locale]),
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
    meta(
      'property',
      'og:image:alt',
      textsIn(locale)('concertHead.imageAlt', { name: concertName(concert, locale) }),
    ),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    `<script type="application/ld+json">${jsonForScript(musicEventJsonLd(concert, pageUrl, image, locale))}</script>`,
    // The same concert as an ActivityStreams Event (server/federation/), at its stable address.
    ...(federated
      ? [
          `<link rel="alternate" type="application/activity+json" href="${escapeHtml(`${publicUrl}/conciertos/${concert.id}`)}">`,
        ]
      : []),
  ];
  return { title: `${title} · Conciertos Mallorca`, description, extra: tags.join('') };
}
