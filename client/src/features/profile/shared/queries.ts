import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedDto, CalendarFeedLinkDto } from '@common/calendar/types';
import type { MessageResponse } from '@common/api/types';
import type { ProfileDto, SessionsResponse } from '@common/profile/types';
import type { AlertFrequency } from '@common/profile/limits';
import type { LearnedTastesResponse } from '@common/learning/types';
import type { ForgetLearnedInput } from '@common/learning/schemas';
import { apiDownload, apiFetch } from '@/lib/api';
import { profileKeys } from './keys';

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) => apiFetch<ProfileDto>('/api/profile', { signal }),
    staleTime: 0,
  });
}

export interface ProfileUpdate {
  name?: string | null;
  topArtists?: string[];
  topGenres?: string[];
  dislikedGenres?: string[];
  changeNotices?: boolean;
  showReminders?: boolean;
  alertFrequency?: AlertFrequency;
}

export function updateProfile(update: ProfileUpdate): Promise<ProfileDto> {
  return apiFetch<ProfileDto>('/api/profile', { method: 'PATCH', body: update });
}

/**
 * A profile setting saved as soon as it is chosen; the saved profile replaces the shown one. Saves
 * run one after another, so the last choice is the one kept.
 */
export function useProfileSetting<T>(toUpdate: (value: T) => ProfileUpdate) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'profile-setting' },
    mutationFn: (value: T) => updateProfile(toUpdate(value)),
    onSuccess: (profile: ProfileDto) => queryClient.setQueryData(profileKeys.detail(), profile),
  });
}

/** Mails the link that proves the address again. */
export function sendVerificationEmail(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/profile/verification-email', {
    method: 'POST',
    body: {},
  });
}

export function changePassword(body: {
  currentPassword?: string;
  newPassword: string;
}): Promise<void> {
  return apiFetch<void>('/api/profile/password', { method: 'POST', body });
}

/** `currentPassword` for accounts that have one; the server asks others to sign in again. */
export function deleteAccount(body: { currentPassword?: string }): Promise<void> {
  return apiFetch<void>('/api/profile', { method: 'DELETE', body });
}

export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: ({ signal }) => apiFetch<SessionsResponse>('/api/profile/sessions', { signal }),
    staleTime: 0,
  });
}

export function endSession(id: string): Promise<void> {
  return apiFetch<void>(`/api/profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function endOtherSessions(): Promise<void> {
  return apiFetch<void>('/api/profile/sessions/end-others', { method: 'POST' });
}

/** 'Descargar mis datos': the JSON file of everything held about the fan. */
export function downloadOwnData() {
  return apiDownload('/api/profile/export', 'conciertos-mallorca-mis-datos.json');
}

// 'Tu calendario': the fan's private calendar feed. Under the profile's prefix, so a lost session
// forgets it with the rest of the profile.
export const calendarKeys = {
  feed: () => [...profileKeys.all, 'calendar'] as const,
};

export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarKeys.feed(),
    queryFn: ({ signal }) => apiFetch<CalendarFeedDto>('/api/profile/calendar', { signal }),
    staleTime: 0,
  });
}

export function makeCalendarFeedLink(): Promise<CalendarFeedLinkDto> {
  return apiFetch<CalendarFeedLinkDto>('/api/profile/calendar/token', { method: 'POST', body: {} });
}

export function revokeCalendarFeedLink(): Promise<void> {
  return apiFetch<void>('/api/profile/calendar/token', { method: 'DELETE', body: {} });
}

export function setIncludeExtreme(includeExtreme: boolean): Promise<CalendarFeedDto> {
  return apiFetch<CalendarFeedDto>('/api/profile/calendar', {
    method: 'PATCH',
    body: { includeExtreme },
  });
}

/** What we learned from the fan's 👍/👎, likes and 'Voy' ('Lo que hemos aprendido de ti'). */
export function useLearnedTastes() {
  return useQuery({
    queryKey: profileKeys.learned(),
    queryFn: ({ signal }) => apiFetch<LearnedTastesResponse>('/api/profile/learned', { signal }),
    staleTime: 0,
  });
}

/** Forgets one learned taste; answers the list without it. */
export function forgetLearnedTaste(body: ForgetLearnedInput): Promise<LearnedTastesResponse> {
  return apiFetch<LearnedTastesResponse>('/api/profile/learned/forget', { method: 'POST', body });
}
