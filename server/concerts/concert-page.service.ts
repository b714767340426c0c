// One concert for its public page and the API, and the list the sitemap is made of.
import type { ConcertPageDto } from '../../common/concerts/types.js';
import type { AgendaReader } from './agenda-responses.js';
import type { Database } from '../db/database.js';
import { notFound } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import { upcomingCutoff } from './upcoming.js';
import { findConcertPageRow, findUpcomingConcertSlugs } from './concert-page.repository.js';
import { sitemapPath, toConcertPageDto } from './concert-page.dto.js';

export const CONCERT_NOT_FOUND = 'error.concert.gone';

/**
 * The concert with the fan's row (none for a visitor) and its descriptions in the reader's
 * language, or undefined when there is no such concert (removed or never existed).
 */
export async function findConcertPage(
  db: Database,
  clock: Clock,
  id: number,
  reader: AgendaReader,
): Promise<ConcertPageDto | undefined> {
  const row = await findConcertPageRow(db, id, reader.userId);
  if (!row) return undefined;
  const cutoff = upcomingCutoff(clock);
  const upcoming = `${row.day}T${row.hour}` >= `${cutoff.day}T${cutoff.time.slice(0, 5)}`;
  return toConcertPageDto(row, upcoming, reader.locale);
}

/** GET /api/concerts/:id: the concert, or a 404. */
export async function concertPage(
  db: Database,
  clock: Clock,
  id: number,
  reader: AgendaReader,
): Promise<ConcertPageDto> {
  const concert = await findConcertPage(db, clock, id, reader);
  if (!concert) throw notFound(CONCERT_NOT_FOUND);
  return concert;
}

/** The canonical paths of every upcoming concert, in agenda order. */
export async function upcomingConcertPaths(db: Database, clock: Clock): Promise<string[]> {
  const rows = await findUpcomingConcertSlugs(db, upcomingCutoff(clock));
  return rows.map(sitemapPath);
}
