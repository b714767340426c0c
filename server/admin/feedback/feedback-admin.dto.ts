import type { AdminDislikedConcertDto } from '../../../common/admin/types.js';
import { concertTitle } from '../../../common/concerts/display.js';
import { DEFAULT_LOCALE } from '../../../common/i18n/locales.js';
import { textsIn, untitledOfGenre } from '../../i18n/intl.js';
import type { DislikedConcertRow } from './feedback-admin.repository.js';

export const toDislikedConcertDto = (row: DislikedConcertRow): AdminDislikedConcertDto => ({
  id: row.id,
  // In Spanish, as the panel has always titled them.
  title: concertTitle(
    { bands: row.band_names, name: row.bandname },
    { unnamed: () => untitledOfGenre(textsIn(DEFAULT_LOCALE), row.genre) },
  ),
  day: row.day,
  venue: row.venue,
  thumbsDown: Number(row.thumbs_down),
});
