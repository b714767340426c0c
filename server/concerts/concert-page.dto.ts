import { concertPathOf } from '../../common/concerts/display.js';
import { openStreetMapUrl } from '../../common/concerts/page-address.js';
import type { ConcertPageDto } from '../../common/concerts/types.js';
import type { Locale } from '../../common/i18n/locales.js';
import { concertHeadDto, concertTextsDto, toBandDto, toRecommendationDto } from './agenda.dto.js';
import type { ConcertPageRow, SitemapRow } from './concert-page.repository.js';

export function sitemapPath(row: SitemapRow): string {
  const { id, venue, day } = row;
  return concertPathOf({ id, venue, day, bands: row.band_names, name: row.bandname });
}

export function toConcertPageDto(
  row: ConcertPageRow,
  upcoming: boolean,
  locale: Locale,
): ConcertPageDto {
  return {
    ...concertHeadDto(row),
    likeCount: row.like_count,
    goingCount: row.going_count,
    cancelled: row.cancelled,
    ...concertTextsDto(row, locale),
    bands: row.bands.map(toBandDto),
    recommendation: toRecommendationDto(row),
    path: concertPathOf({
      id: row.id,
      venue: row.venue,
      day: row.day,
      bands: row.bands,
      name: row.bandname,
    }),
    place: {
      name: row.venue,
      town: row.town,
      address: row.address,
      website: row.website,
      lat: row.lat,
      lon: row.lon,
      mapUrl: openStreetMapUrl({
        lat: row.lat,
        lon: row.lon,
        address: row.address,
        name: row.venue,
        town: row.town,
      }),
    },
    status: row.cancelled ? 'cancelled' : 'scheduled',
    upcoming,
  };
}
