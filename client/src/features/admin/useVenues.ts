import { useQuery } from '@tanstack/react-query';
import { fetchVenues } from './api';
import { adminKeys } from './keys';
import { knownVenue } from './venues';

/** The venue list the concert forms suggest from; one cached answer shared by every open form. */
export function useVenues() {
  const venues = useQuery({
    queryKey: adminKeys.venues(),
    queryFn: ({ signal }) => fetchVenues(signal),
    staleTime: 5 * 60_000,
  });
  return venues.data?.venues;
}

/**
 * The venue typed in an admin concert form: the listed venues to suggest, the one it names, and
 * whether it is a new one (then the form asks its town, address and website).
 */
export function useVenueChoice(name: string) {
  const venues = useVenues();
  const known = knownVenue(venues, name);
  return {
    listed: venues?.filter((venue) => venue.known),
    known,
    isNewVenue: name.trim() !== '' && !known,
  };
}
