import type { QueryClient } from '@tanstack/react-query';
import type { PageData } from '@common/pages/render';
import { concertKeys } from '@/features/concerts/shared/keys';
import { sessionKeys } from '@/lib/session';
import { profileKeys } from '@/features/profile/shared/keys';

/**
 * The server's answers for this page put where the app's queries look for them, dated when the
 * server read them: the first render finds them (on the server and when hydrating, the same
 * data), and what has gone stale since is fetched again as usual.
 */
export function seedQueries(queryClient: QueryClient, data: PageData): void {
  const seed = (queryKey: readonly unknown[], value: unknown) => {
    if (value !== undefined) queryClient.setQueryData(queryKey, value, { updatedAt: data.readAt });
  };
  seed(sessionKeys.current(), data.session);
  seed(concertKeys.carousel(), data.carousel);
  seed(concertKeys.agenda(), data.agenda);
  seed(concertKeys.likeCounts(), data.likeCounts);
  seed(profileKeys.detail(), data.profile);
  if (data.concert) seed(concertKeys.detail(data.concert.id), data.concert.page);
}
