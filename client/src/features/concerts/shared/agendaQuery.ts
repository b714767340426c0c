import type { ConcertListResponse, LikeCountsResponse } from '@common/concerts/types';
import { agendaApiPath } from '@common/pages/render';
import { pageLocale } from '@/i18n/load';
import { apiFetch } from '@/lib/api';
import { concertKeys } from './keys';

/**
 * The agenda's queries, apart from the page: the app's entry asks for them while the page's code
 * is still loading (entry-client.tsx), and the page then finds them ready. The like counts come
 * apart from the fan's agenda: they change with every fan's like, the agenda only with the fan's
 * own rows.
 */
export const agendaQuery = {
  queryKey: concertKeys.agenda(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<ConcertListResponse>(agendaApiPath(pageLocale()), { signal }),
  staleTime: 30_000,
};

export const likeCountsQuery = {
  queryKey: concertKeys.likeCounts(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<LikeCountsResponse>('/api/concerts/likes', { signal }),
  staleTime: 10_000,
  // Other fans' likes show up while the page stays open; the answer is small and shared.
  refetchInterval: 60_000,
};
