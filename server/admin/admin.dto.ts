import type { AdminConcertOptionDto, AdminVenueDto } from '../../common/admin-rules.js';
import type { ConcertOptionRow, VenueRow } from './admin.repository.js';

export const toConcertOptionDto = (row: ConcertOptionRow): AdminConcertOptionDto => ({
  id: row.id,
  day: row.day,
  hour: row.hour,
  venue: row.venue,
  name: row.bandname,
  bands: row.band_names,
});

export const toVenueDto = (row: VenueRow): AdminVenueDto => ({
  id: row.id,
  name: row.name,
  town: row.town,
  known: row.known,
});
