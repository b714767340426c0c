import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { SessionResponse, SessionUserDto } from '@common/auth/types';
import { apiFetch, setUnauthorizedHandler } from './api';

export const sessionKeys = {
  current: () => ['session'] as const,
};

/** Who is signed in, from the server: the SPA's single source of truth. */
export function useSession() {
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => apiFetch<SessionResponse>('/api/session', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Puts a user answered by login/register/reset into the cache (no extra round trip). */
export function setSessionUser(queryClient: QueryClient, user: SessionUserDto | null): void {
  queryClient.setQueryData<SessionResponse>(sessionKeys.current(), { user });
}

/** Where a signed-in user belongs: onboarding first, then their concerts. */
export function homePathFor(user: SessionUserDto): string {
  return user.onboardingCompleted ? '/myconcerts' : '/liked-music-genres';
}

/**
 * A 401 from any signed-in call forgets the session and the person's own data (every query under
 * `ownData`), and sends the person to the landing.
 */
export function useUnauthorizedRedirect(ownData: QueryKey): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setSessionUser(queryClient, null);
      queryClient.removeQueries({ queryKey: ownData });
      void navigate('/', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, navigate, ownData]);
}

/** POST /api/auth/logout, then forget everything cached about the person. */
export async function logOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiFetch<void>('/api/auth/logout', { method: 'POST' });
  } finally {
    queryClient.clear();
    setSessionUser(queryClient, null);
  }
}
