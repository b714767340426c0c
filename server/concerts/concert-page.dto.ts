import { concertPath, openStreetMapUrl } from '../../common/concerts/page-address.js';
import type { ConcertPageDto } from '../../common/concerts/types.js';
import type { Locale } from '../../common/i18n/locales.js';
import { concertHeadDto, concertTextsDto, toBandDto, toRecommendationDto } from './agenda.dto.js';
import type { ConcertPageRow, SitemapRow } from './concert-page.repository.js';

/** The names a concert is shown by: its bands, or its free name when it has none. */
export function bandNamesOfRow(row: { bandname: string | null; band_names: string[] }): string[] {
  if (row.band_names.length > 0) return row.band_names;
  return row.bandname ? [row.bandname] : [];
}

export function sitemapPath(row: SitemapRow): string {
  return concertPath(row.id, { bands: bandNamesOfRow(row), venue: row.venue, day: row.day });
}

export function toConcertPageDto(
  row: ConcertPageRow,
  upcoming: boolean,
  locale: Locale,
): ConcertPageDto {
  const bandNames = bandNamesOfRow({
    bandname: row.bandname,
    band_names: row.bands.map((band) => band.name),
  });
  return {
    ...concertHeadDto(row),
    likeCount: row.like_count,
    goingCount: row.going_count,
    cancelled: row.cancelled,
    ...concertTextsDto(row, locale),
    bands: row.bands.map(toBandDto),
    recommendation: toRecommendationDto(row),
    path: concertPath(row.id, { bands: bandNames, venue: row.venue, day: row.day }),
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
