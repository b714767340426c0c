import type { CarouselConcertDto } from '../../common/concerts/types.js';
import type { CarouselRow } from './concerts.repository.js';

export function toCarouselConcertDto(row: CarouselRow): CarouselConcertDto {
  const bands = row.band_names.length > 0 ? row.band_names : row.bandname ? [row.bandname] : [];
  return {
    id: row.id,
    day: row.day,
    hour: row.hour,
    genre: row.genre,
    venue: row.venue,
    price: row.price,
    bands,
  };
}
