import type { ConcertDto } from '../../../../../common/dto';
import { formatLongDay } from '../../../lib/dates';
import { formatPrice } from '../../../lib/money';
import { bandNamesOf } from '../filters';

export function concertTitle(concert: ConcertDto): string {
  const names = bandNamesOf(concert);
  return names.length > 0 ? names.join(' + ') : 'Concierto';
}

export function formatHour(hour: string): string {
  return hour.slice(0, 5);
}

/** The WhatsApp message: date, bands, venue, price, Spotify links and our site. */
export function shareText(concert: ConcertDto, siteUrl: string): string {
  const lines = [
    `🎶 ${concertTitle(concert)}`,
    `📅 ${formatLongDay(concert.day)} a las ${formatHour(concert.hour)}`,
    `📍 ${concert.venue}`,
    `💶 ${formatPrice(concert.price)}`,
  ];
  for (const band of concert.bands) {
    if (band.spotifyUrl) lines.push(`🎧 ${band.name} en Spotify: ${band.spotifyUrl}`);
  }
  lines.push(`Más conciertos en Mallorca: ${siteUrl}`);
  return lines.join('\n');
}

export function whatsappUrl(concert: ConcertDto, siteUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(concert, siteUrl))}`;
}
