import { useQuery } from '@tanstack/react-query';
import type { CarouselResponse } from '../../../../common/dto';
import { apiFetch } from '../../lib/api';

export const carouselQuery = {
  queryKey: ['concerts', 'carousel'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<CarouselResponse>('/api/concerts/carousel', { signal }),
};

export function useCarouselConcerts() {
  return useQuery({ ...carouselQuery, retry: 1 });
}
