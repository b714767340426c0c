import { concertPath } from '@common/concert-page';
import type { AgendaConcertDto } from '@common/dto';
import { formatLongDay } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { bandNamesOf } from '../filters';

export function concertTitle(concert: AgendaConcertDto): string {
  const names = bandNamesOf(concert);
  return names.length > 0 ? names.join(' + ') : 'Concierto';
}

export function formatHour(hour: string): string {
  return hour.slice(0, 5);
}

/** '/conciertos/<id>-<slug>': the concert's own page. */
export function concertPagePath(concert: AgendaConcertDto): string {
  return concertPath(concert.id, {
    bands: bandNamesOf(concert),
    venue: concert.venue,
    day: concert.day,
  });
}

/** The concert's page on PUBLIC_URL (`siteUrl`, without a trailing slash). */
export function concertPageUrl(concert: AgendaConcertDto, siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${concertPagePath(concert)}`;
}

/** The WhatsApp message: date, bands, venue, price, Spotify links and the concert's page. */
export function shareText(concert: AgendaConcertDto, siteUrl: string): string {
  const lines = [
    `🎶 ${concertTitle(concert)}`,
    `📅 ${formatLongDay(concert.day)} a las ${formatHour(concert.hour)}`,
    `📍 ${concert.venue}`,
    `💶 ${formatPrice(concert.price)}`,
  ];
  for (const band of concert.bands) {
    if (band.spotifyUrl) lines.push(`🎧 ${band.name} en Spotify: ${band.spotifyUrl}`);
  }
  lines.push(`Toda la información: ${concertPageUrl(concert, siteUrl)}`);
  return lines.join('\n');
}

export function whatsappUrl(concert: AgendaConcertDto, siteUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(concert, siteUrl))}`;
}
