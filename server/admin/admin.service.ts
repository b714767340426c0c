// What the admin forms do: create concerts and bands, link them. Routes validate; this decides.
import type { BandCreateInput, ConcertCreateInput, LinkCreateInput } from '../../common/admin.js';
import type { Database } from '../db/database.js';
import { AppError, notFound } from '../lib/errors.js';
import {
  bandExists,
  concertExists,
  insertBand,
  insertConcert,
  insertLink,
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

/** The new concert's id; `userId` is the admin, or null when the API token made the call. */
export function createConcert(
  db: Database,
  input: ConcertCreateInput,
  userId: string | null,
): Promise<number> {
  return insertConcert(db, {
    day: input.day,
    hour: input.hour,
    venue: input.venue,
    venue_id: input.venueId,
    genre: input.genre,
    price: input.price,
    bandname: input.name,
    concert_description: input.description,
    image_url: input.imageUrl,
    user_id: userId,
  });
}

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
