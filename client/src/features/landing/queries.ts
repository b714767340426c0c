import { useQuery } from '@tanstack/react-query';
import type { CarouselResponse } from '@common/concerts/types';
import { apiFetch } from '@/lib/api';
import { concertKeys } from '@/features/concerts/shared/keys';

export const carouselQuery = {
  queryKey: concertKeys.carousel(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<CarouselResponse>('/api/concerts/carousel', { signal }),
};

export function useCarouselConcerts() {
  return useQuery({ ...carouselQuery, retry: 1 });
}
