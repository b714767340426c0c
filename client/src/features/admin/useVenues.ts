import { useQuery } from '@tanstack/react-query';
import { fetchVenues } from './api';
import { adminKeys } from './keys';

/** The venue list the concert forms suggest from; one cached answer shared by every open form. */
export function useVenues() {
  const venues = useQuery({
    queryKey: adminKeys.venues(),
    queryFn: ({ signal }) => fetchVenues(signal),
    staleTime: 5 * 60_000,
  });
  return venues.data?.venues;
}
