// A concert as the fediverse reads it: an ActivityStreams `Event` (Mastodon shows its name and
// links its page), with only the public facts of its page, in Spanish. Its id is the page's
// address without the slug, so it stays the same when the bands, place or day change.
import { Temporal } from '@js-temporal/polyfill';
import { Event, Hashtag, Image, Place, PUBLIC_COLLECTION } from '@fedify/fedify';
import { concertTitle } from '../../common/concerts/display.js';
import type { ConcertPageDto } from '../../common/concerts/types.js';
import { textsIn } from '../i18n/intl.js';
import { madridIsoWithOffset } from '../lib/time.js';
import { concertDescription, concertImage } from '../ssr/concert-head.js';
import { escapeHtml } from '../lib/html.js';

/** Shown first in the name of a cancelled concert: what Mastodon users see of the change. */
export const CANCELLED_PREFIX = 'CANCELADO: ';
/** A concert is read as this long when nothing says when it ends. */
const ASSUMED_HOURS = 3;

export const concertObjectPath = (id: number) => `/conciertos/${id}`;

/** '123-los-planetas-…' or '123' → 123; anything else undefined. */
export function concertIdOfSegment(segment: string): number | undefined {
  const match = /^(\d{1,9})(?:-|$)/.exec(segment);
  return match ? Number(match[1]) : undefined;
}

/** '#Jazz', '#HipHop', '#RnB', '#MúsicaElectrónica'. */
export const hashtagOf = (word: string) =>
  `#${word.replace('&', 'n').replace(/[^\p{L}\p{N}]/gu, '')}`;

function facts(concert: ConcertPageDto): string {
  const lines = [concertDescription(concert, 'es')];
  const address = [concert.place.address, concert.place.town].filter(Boolean).join(', ');
  if (address) lines.push(`📍 ${concert.place.name}, ${address}`);
  if (concert.ticketUrl) lines.push(`🎟️ Entradas: ${concert.ticketUrl}`);
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

export function concertEvent(concert: ConcertPageDto, publicUrl: string, agendaUri: URL): Event {
  const title = concertTitle(concert, { unnamed: () => textsIn('es')('concertHead.unnamed') });
  const cancelled = concert.status === 'cancelled';
  const start = Temporal.Instant.from(madridIsoWithOffset(concert.day, concert.hour));
  const pageUrl = new URL(concert.path, `${publicUrl}/`);
  const image = concertImage(concert, publicUrl);
  const tags = [concert.genre, 'Mallorca'].map(
    (word) =>
      new Hashtag({
        name: hashtagOf(word),
        href: new URL(`/conciertos?genero=${encodeURIComponent(word)}`, `${publicUrl}/`),
      }),
  );
  const { place } = concert;
  return new Event({
    id: new URL(concertObjectPath(concert.id), `${publicUrl}/`),
    attribution: agendaUri,
    name: cancelled ? `${CANCELLED_PREFIX}${title}` : title,
    summary: concertDescription(concert, 'es'),
    content: facts(concert),
    startTime: start,
    endTime: start.add({ hours: ASSUMED_HOURS }),
    location: new Place({
      name: place.name,
      summary: [place.address, place.town, 'Mallorca'].filter(Boolean).join(', '),
      latitude: place.lat,
      longitude: place.lon,
      url: place.website ? new URL(place.website) : null,
    }),
    url: pageUrl,
    image: new Image({ url: new URL(image.url), mediaType: mediaTypeOf(image.url) }),
    tags,
    to: PUBLIC_COLLECTION,
  });
}

function mediaTypeOf(url: string): string | null {
  if (url.endsWith('.webp')) return 'image/webp';
  if (url.endsWith('.png')) return 'image/png';
  if (/\.jpe?g$/.test(url)) return 'image/jpeg';
  return null;
}
