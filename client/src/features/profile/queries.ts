import { useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '../../../../common/dto';
import { apiFetch } from '../../lib/api';

export const profileQueryKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiFetch<ProfileDto>('/api/profile', { signal }),
    staleTime: 0,
  });
}

export interface ProfileUpdate {
  name?: string | null;
  topArtists?: string[];
  topGenres?: string[];
  dislikedGenres?: string[];
}

export function updateProfile(update: ProfileUpdate): Promise<ProfileDto> {
  return apiFetch<ProfileDto>('/api/profile', { method: 'PATCH', body: update });
}

export function changePassword(body: {
  currentPassword?: string;
  newPassword: string;
}): Promise<void> {
  return apiFetch<void>('/api/profile/password', { method: 'POST', body });
}

export function deleteAccount(): Promise<void> {
  return apiFetch<void>('/api/profile', { method: 'DELETE' });
}
