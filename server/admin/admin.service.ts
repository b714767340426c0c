// What the admin panel does: create concerts and bands, link them, the pickers' searches, and the
// recommendations pass for everyone. Routes validate; this decides.
import type PgBoss from 'pg-boss';
import {
  SEARCH_LIMIT,
  type AdminBandSearchResponse,
  type AdminConcertSearchResponse,
  type AdminVenuesResponse,
  type BandCreateInput,
  type BandSearchInput,
  type ConcertSearchInput,
  type LinkCreateInput,
} from '../../common/admin.js';
import type { Database } from '../db/database.js';
import { QUEUES } from '../jobs/queues.js';
import { AppError, notFound } from '../lib/errors.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { toBandNameDto } from '../bands/bands.dto.js';
import { toConcertOptionDto, toVenueDto } from './admin.dto.js';
import {
  bandExists,
  concertExists,
  countOnboardedFans,
  insertBand,
  insertLink,
  listVenues,
  searchBands,
  searchConcerts,
} from './admin.repository.js';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const pgCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

const conflict = (message: string) => new AppError('conflict', 409, message);

const DUPLICATE_BAND = 'Ya existe una banda con ese nombre.';
const DUPLICATE_LINK = 'Ese concierto y esa banda ya están vinculados.';
const UNKNOWN_CONCERT = 'No existe ningún concierto con ese ID.';
const UNKNOWN_BAND = 'No existe ninguna banda con ese ID.';

export async function createBand(db: Database, input: BandCreateInput): Promise<number> {
  try {
    return await insertBand(db, {
      band_name: input.name,
      band_spotify_url: input.spotifyUrl,
      band_genres: input.genres,
      image_url: input.imageUrl,
    });
  } catch (error) {
    // The unique index on lower(band_name) decides, so two admins at once cannot both win.
    if (pgCodeOf(error) === UNIQUE_VIOLATION) throw conflict(DUPLICATE_BAND);
    throw error;
  }
}

export async function createLink(db: Database, input: LinkCreateInput): Promise<void> {
  const [concertFound, bandFound] = await Promise.all([
    concertExists(db, input.concertId),
    bandExists(db, input.bandId),
  ]);
  if (!concertFound) throw notFound(UNKNOWN_CONCERT);
  if (!bandFound) throw notFound(UNKNOWN_BAND);
  let inserted: boolean;
  try {
    inserted = await insertLink(db, input.concertId, input.bandId);
  } catch (error) {
    // Deleted between the check and the insert.
    if (pgCodeOf(error) === FOREIGN_KEY_VIOLATION) throw notFound(UNKNOWN_CONCERT);
    throw error;
  }
  if (!inserted) throw conflict(DUPLICATE_LINK);
}

/** The concert picker: the ones nearest to today (Europe/Madrid) first. */
export async function concertOptions(
  db: Database,
  clock: Clock,
  query: ConcertSearchInput,
): Promise<AdminConcertSearchResponse> {
  const today = madridDateTime(clock()).day;
  const rows = await searchConcerts(db, query, today, SEARCH_LIMIT);
  return { concerts: rows.map(toConcertOptionDto) };
}

export async function bandOptions(
  db: Database,
  query: BandSearchInput,
): Promise<AdminBandSearchResponse> {
  return { bands: (await searchBands(db, query.q, SEARCH_LIMIT)).map(toBandNameDto) };
}

export async function venueOptions(db: Database): Promise<AdminVenuesResponse> {
  return { venues: (await listVenues(db)).map(toVenueDto) };
}

/**
 * Queues the recommendations pass for all fans and answers how many fans it covers. The job fans
 * out one job per fan; a second click while it is queued adds nothing.
 */
export async function startRecommendationsForAll(deps: {
  db: Database;
  boss: PgBoss;
}): Promise<number> {
  const fans = await countOnboardedFans(deps.db);
  await deps.boss.send(QUEUES.recommendationsAll, {}, { singletonKey: 'all' });
  return fans;
}
