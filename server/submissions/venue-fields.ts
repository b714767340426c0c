// The venue of a submission as stored: a venue of the list (its own name and town), or a new one
// as typed. Shared by the public form and the admin's edit.
import { badRequest } from '../lib/errors.js';
import type { Database } from '../db/database.js';
import { findVenueById } from './submissions.repository.js';

export const UNKNOWN_VENUE = 'Esa sala no está en la lista. Elígela de nuevo o escribe una nueva.';

export async function resolveVenueFields(
  db: Database,
  input: { venueId: number | null; venueName: string | null; venueTown: string | null },
): Promise<{ venue_id: number | null; venue_name: string; venue_town: string | null }> {
  if (input.venueId !== null) {
    const venue = await findVenueById(db, input.venueId);
    if (!venue) throw badRequest(UNKNOWN_VENUE);
    return { venue_id: venue.id, venue_name: venue.name, venue_town: venue.town };
  }
  // The schema's venue rule guarantees both for a new venue.
  return { venue_id: null, venue_name: input.venueName ?? '', venue_town: input.venueTown };
}
