import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedDto, CalendarFeedLinkDto } from '@common/calendar';
import { apiFetch } from '@/lib/api';
import { profileKeys } from '@/features/profile/keys';

// Under the profile's prefix, so a lost session forgets it with the rest of the profile.
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
