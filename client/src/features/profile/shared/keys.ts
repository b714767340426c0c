// Query keys of the profile feature. Everything sits under 'profile' so a lost session can
// forget all of it with one prefix (Layout hands `all` to useUnauthorizedRedirect).
const PROFILE = ['profile'] as const;

export const profileKeys = {
  all: PROFILE,
  detail: () => PROFILE,
  sessions: () => [...PROFILE, 'sessions'] as const,
  /** What we learned from the fan (GET /api/profile/learned). */
  learned: () => [...PROFILE, 'learned'] as const,
};
