import { concertNames } from '../../common/concerts/display.js';
import type { CarouselConcertDto } from '../../common/concerts/types.js';
import type { CarouselRow } from './concerts.repository.js';

export function toCarouselConcertDto(row: CarouselRow): CarouselConcertDto {
  return {
    id: row.id,
    day: row.day,
    hour: row.hour,
    genre: row.genre,
    venue: row.venue,
    price: row.price,
    bands: concertNames({ bands: row.band_names, name: row.bandname }),
  };
}
