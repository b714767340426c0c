import type { ConcertDto, RecommendationDto } from '../../common/dto.js';
import type { AgendaRow } from './agenda.repository.js';

function recommendationOf(row: AgendaRow): RecommendationDto | null {
  if (row.liked === null) return null; // no row for this fan
  return {
    score: row.score as RecommendationDto['score'],
    reason: row.reason,
    liked: row.liked,
    feedback: (row.recommendation_feedback ?? 0) as RecommendationDto['feedback'],
  };
}

export function toConcertDto(row: AgendaRow): ConcertDto {
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
    recommendation: recommendationOf(row),
  };
}
