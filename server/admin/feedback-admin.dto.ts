import type { AdminDislikedConcertDto } from '../../common/dto.js';
import type { DislikedConcertRow } from './feedback-admin.repository.js';

/** As the app shows a concert: its bands joined with ' + ', its own name, or its genre. */
export function concertTitleOf(row: Pick<DislikedConcertRow, 'band_names' | 'bandname' | 'genre'>) {
  if (row.band_names.length > 0) return row.band_names.join(' + ');
  return row.bandname?.trim() || `Concierto de ${row.genre}`;
}

export const toDislikedConcertDto = (row: DislikedConcertRow): AdminDislikedConcertDto => ({
  id: row.id,
  title: concertTitleOf(row),
  day: row.day,
  venue: row.venue,
  thumbsDown: Number(row.thumbs_down),
});
