// Query keys of the concerts feature, in one place so every query and invalidation agrees.
// The landing's carousel lives under 'concerts' too: invalidating `all` refreshes both.
const CONCERTS = ['concerts'] as const;
const RECOMMENDATIONS = ['recommendations'] as const;

export const concertKeys = {
  all: CONCERTS,
  agenda: () => [...CONCERTS, 'agenda'] as const,
  /** Every upcoming concert's like count, shared by all (GET /api/concerts/likes). */
  likeCounts: () => [...CONCERTS, 'likeCounts'] as const,
  carousel: () => [...CONCERTS, 'carousel'] as const,
  /** One concert for its public page (GET /api/concerts/:id). */
  detail: (id: number) => [...CONCERTS, 'detail', id] as const,
};

export const recommendationKeys = {
  all: RECOMMENDATIONS,
  generate: () => [...RECOMMENDATIONS, 'generate'] as const,
};
