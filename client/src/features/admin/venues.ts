import type { AdminVenueDto } from '../../../../common/admin-rules';
import type { NewVenueDraft } from './api';
import { foldName } from '../../../../common/fold';

/**
 * The managed venue with this name, case, accents and surrounding spaces aside (the server's rule
 * for a new venue, so "Sa Possessio" is picked as "Sa Possessió" instead of asking for its town).
 */
export function knownVenue(
  venues: AdminVenueDto[] | undefined,
  name: string,
): AdminVenueDto | undefined {
  const wanted = foldName(name.trim());
  return venues?.find((venue) => venue.known && foldName(venue.name) === wanted);
}

/** What a concert form holds about a venue that is not on the list. */
export interface NewVenueValues {
  venueTown: string;
  venueAddress: string;
  venueWebsite: string;
}

/** The `newVenue` of a concert create or edit request, trimmed (blank means none). */
export const newVenueOf = (name: string, values: NewVenueValues): NewVenueDraft => ({
  name: name.trim(),
  town: values.venueTown.trim(),
  address: values.venueAddress.trim(),
  website: values.venueWebsite.trim(),
});
