// A submission's fields as stored, from the public form or the admin's edit. The venue is one of
// the list (its own name and town) or a new one as typed.
import type { SubmissionFormInput } from '../../common/submissions/types.js';
import type { Database } from '../db/database.js';
import { badRequest } from '../lib/errors.js';
import { findVenueById, type SubmissionFieldsRow } from './submissions.repository.js';

const UNKNOWN_VENUE = 'error.submission.venueNotListed';

type FieldsInput = Omit<SubmissionFormInput, 'website' | 'formToken'>;

async function venueFields(db: Database, input: FieldsInput) {
  if (input.venueId !== null) {
    const venue = await findVenueById(db, input.venueId);
    if (!venue) throw badRequest(UNKNOWN_VENUE);
    return { venue_id: venue.id, venue_name: venue.name, venue_town: venue.town };
  }
  // The schema's venue rule guarantees both for a new venue.
  return { venue_id: null, venue_name: input.venueName ?? '', venue_town: input.venueTown };
}

/** Every stored field but the picture, whose address the caller knows. */
export async function submissionFields(
  db: Database,
  input: FieldsInput,
): Promise<Omit<SubmissionFieldsRow, 'image_url'>> {
  return {
    band_name: input.bandName,
    contact_email: input.email,
    spotify_url: input.spotifyUrl,
    genre: input.genre,
    day: input.day,
    hour: input.hour,
    ...(await venueFields(db, input)),
    price: input.price,
    ticket_url: input.ticketUrl,
    description: input.description,
  };
}
