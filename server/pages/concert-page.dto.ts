import { concertPath, openStreetMapUrl } from '../../common/concert-page.js';
import type { ConcertPageDto, RecommendationDto } from '../../common/dto.js';
import type { ConcertPageRow, SitemapRow } from './concert-page.repository.js';

function toRecommendation(row: ConcertPageRow): RecommendationDto | null {
  if (row.liked === null) return null; // no row for this fan (or a visitor)
  return {
    score: row.score as RecommendationDto['score'],
    reason: row.reason,
    liked: row.liked,
    feedback: (row.recommendation_feedback ?? 0) as RecommendationDto['feedback'],
  };
}

/** The names a concert is shown by: its bands, or its free name when it has none. */
export function bandNamesOfRow(row: { bandname: string | null; band_names: string[] }): string[] {
  if (row.band_names.length > 0) return row.band_names;
  return row.bandname ? [row.bandname] : [];
}

export function sitemapPath(row: SitemapRow): string {
  return concertPath(row.id, { bands: bandNamesOfRow(row), venue: row.venue, day: row.day });
}

export function toConcertPageDto(row: ConcertPageRow, upcoming: boolean): ConcertPageDto {
  const bandNames = bandNamesOfRow({
    bandname: row.bandname,
    band_names: row.bands.map((band) => band.name),
  });
  return {
    id: row.id,
    day: row.day,
    hour: row.hour,
    venue: row.venue,
    venueId: row.venue_id,
    genre: row.genre,
    price: row.price,
    imageUrl: row.image_url,
    likeCount: row.like_count,
    cancelled: row.cancelled,
    name: row.bandname,
    description: row.concert_description,
    descriptionShort: row.description_short,
    descriptionLong: row.description_long,
    bands: row.bands.map((band) => ({
      id: band.id,
      name: band.name,
      spotifyUrl: band.spotify_url,
      imageUrl: band.image_url,
    })),
    recommendation: toRecommendation(row),
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
