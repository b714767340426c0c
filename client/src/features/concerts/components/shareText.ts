import { concertPathOf, concertTitle } from '@common/concerts/display';
import type { AgendaConcertDto } from '@common/concerts/types';
import type { Translate } from '@/i18n/IntlContext';
import type { Formats } from '@/i18n/useFormats';

/** 'Banda A + Banda B', else the concert's name, else 'Concierto': the card's and page's title. */
export const titleOf = (concert: AgendaConcertDto, t: Translate): string =>
  concertTitle(concert, { unnamed: () => t('concert.unnamed') });

export function formatHour(hour: string): string {
  return hour.slice(0, 5);
}

/** The concert's page on PUBLIC_URL (`siteUrl`, without a trailing slash). */
export function concertPageUrl(concert: AgendaConcertDto, siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${concertPathOf(concert)}`;
}

/** The WhatsApp message: date, bands, venue, price, Spotify links and the concert's page. */
export function shareText(
  concert: AgendaConcertDto,
  siteUrl: string,
  t: Translate,
  formats: Formats,
): string {
  const lines = [
    t('concert.shareLines', {
      title: titleOf(concert, t),
      day: formats.longDay(concert.day),
      hour: formatHour(concert.hour),
      venue: concert.venue,
      price: formats.price(concert.price),
    }),
  ];
  for (const band of concert.bands) {
    if (band.spotifyUrl) {
      lines.push(t('concert.shareSpotify', { name: band.name, url: band.spotifyUrl }));
    }
  }
  lines.push(t('concert.shareMore', { url: concertPageUrl(concert, siteUrl) }));
  return lines.join('\n');
}

export function whatsappUrl(
  concert: AgendaConcertDto,
  siteUrl: string,
  t: Translate,
  formats: Formats,
): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(concert, siteUrl, t, formats))}`;
}
