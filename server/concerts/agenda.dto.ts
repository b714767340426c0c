import type { AgendaConcertDto, RecommendationDto } from '../../common/dto.js';
import type { AgendaStateRow, ConcertDetailsRow } from './agenda.repository.js';

function toRecommendationDto(row: AgendaStateRow): RecommendationDto | null {
  if (row.liked === null) return null; // no row for this fan
  return {
    score: row.score as RecommendationDto['score'],
    reason: row.reason,
    liked: row.liked,
    feedback: (row.recommendation_feedback ?? 0) as RecommendationDto['feedback'],
  };
}

export function toConcertDetailsDto(
  row: ConcertDetailsRow,
): Omit<AgendaConcertDto, 'recommendation'> {
  return {
    id: row.id,
    day: row.day,
    hour: row.hour,
    venue: row.venue,
    venueId: row.venue_id,
    genre: row.genre,
    price: row.price,
    imageUrl: row.image_url,
    name: row.bandname,
    description: row.concert_description,
    descriptionShort: row.description_short,
    descriptionLong: row.description_long,
    cancelled: row.cancelled,
    bands: row.bands.map((band) => ({
      id: band.id,
      name: band.name,
      spotifyUrl: band.spotify_url,
      imageUrl: band.image_url,
    })),
  };
}

/**
 * The GET /api/concerts body (ConcertListResponse), built from the catalog's pre-serialised
 * concerts plus the fan's row.
 */
export function agendaJson(rows: AgendaStateRow[], openJson: Map<number, string>): string {
  const items = rows
    .filter((row) => openJson.has(row.id))
    .map(
      (row) =>
        `${openJson.get(row.id)},"recommendation":${JSON.stringify(toRecommendationDto(row))}}`,
    );
  return `{"concerts":[${items.join(',')}]}`;
}
