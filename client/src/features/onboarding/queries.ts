import { useQuery } from '@tanstack/react-query';
import type { BandNamesResponse } from '@common/concerts/types';
import type { ProfileDto } from '@common/profile/types';
import { apiFetch } from '@/lib/api';

export const bandKeys = {
  names: () => ['bands', 'names'] as const,
};

export interface OnboardingBody {
  topGenres: string[];
  dislikedGenres: string[];
  topArtists?: string[];
  /** Redoing it: what was learned from the fan stays or goes (their choice; default: stays). */
  learned?: 'keep' | 'forget';
}

export function saveOnboarding(body: OnboardingBody): Promise<ProfileDto> {
  return apiFetch<ProfileDto>('/api/profile/onboarding', { method: 'PUT', body });
}

/** Band names to suggest as favourite artists. */
export function useBandNames(enabled: boolean) {
  return useQuery({
    queryKey: bandKeys.names(),
    queryFn: ({ signal }) => apiFetch<BandNamesResponse>('/api/bands', { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}
