import type { AdminVenueDto } from '../../../../common/admin-rules';

/** The managed venue with this name (case and surrounding spaces aside), if any. */
export function knownVenue(
  venues: AdminVenueDto[] | undefined,
  name: string,
): AdminVenueDto | undefined {
  const wanted = name.trim().toLowerCase();
  return venues?.find((venue) => venue.known && venue.name.toLowerCase() === wanted);
}
