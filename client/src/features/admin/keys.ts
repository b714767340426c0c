// Query keys of the admin panel; a created concert or band invalidates `all` (every admin list).
const ADMIN = ['admin'] as const;

export const adminKeys = {
  all: ADMIN,
  venues: () => [...ADMIN, 'venues'] as const,
  concertSearches: () => [...ADMIN, 'concert-search'] as const,
  concertSearch: (filters: { q: string; day: string }) =>
    [...ADMIN, 'concert-search', filters] as const,
  bandSearch: (query: string) => [...ADMIN, 'band-search', query] as const,
  concertList: (filters: object) => [...ADMIN, 'concert-list', filters] as const,
  concert: (id: string) => [...ADMIN, 'concert', id] as const,
  bandList: (q: string, page: number) => [...ADMIN, 'band-list', q, page] as const,
  venueList: (q: string) => [...ADMIN, 'venue-list', q] as const,
  audit: (page: number) => [...ADMIN, 'audit', page] as const,
  feedback: () => [...ADMIN, 'feedback'] as const,
  overview: () => [...ADMIN, 'overview'] as const,
  runs: () => [...ADMIN, 'runs'] as const,
};
