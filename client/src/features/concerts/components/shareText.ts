import { concertPath } from '@common/concerts/page-address';
import type { AgendaConcertDto } from '@common/concerts/types';
import type { Translate } from '@/i18n/IntlContext';
import type { Formats } from '@/i18n/useFormats';
import { bandNamesOf } from '../shared/filters';

export function concertTitle(concert: AgendaConcertDto, t: Translate): string {
  const names = bandNamesOf(concert);
  return names.length > 0 ? names.join(' + ') : t('concert.unnamed');
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
export function shareText(
  concert: AgendaConcertDto,
  siteUrl: string,
  t: Translate,
  formats: Formats,
): string {
  const lines = [
    t('concert.shareLines', {
      title: concertTitle(concert, t),
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
