import type { AdminDislikedConcertDto } from '../../../common/admin/types.js';
import { concertTitle } from '../../calendar/calendar.dto.js';
import type { DislikedConcertRow } from './feedback-admin.repository.js';

export const toDislikedConcertDto = (row: DislikedConcertRow): AdminDislikedConcertDto => ({
  id: row.id,
  title: concertTitle(row),
  day: row.day,
  venue: row.venue,
  thumbsDown: Number(row.thumbs_down),
});
