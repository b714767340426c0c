import type { ConcertListResponse } from '../../../../common/dto';
import { apiFetch } from '../../lib/api';
import { concertKeys } from './keys';

/**
 * The agenda's query, apart from the page: the app's entry asks for it while the session and the
 * page's code are still loading (see preloadPage in routes.tsx), and the page then finds it ready.
 */
export const agendaQuery = {
  queryKey: concertKeys.agenda(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<ConcertListResponse>('/api/concerts', { signal }),
  staleTime: 30_000,
};
