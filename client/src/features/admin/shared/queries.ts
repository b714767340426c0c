// The admin panel's server calls, queries and query keys, all through apiFetch (so a lost session
// leaves the page), by what they manage: concerts, bands and links, venues, sources, images and actions,
// then what the panel reads (the audit log, what fans think of the recommendations, the overview
// and the generation runs).
import { useQuery } from '@tanstack/react-query';
import type {
  AdminAuditDto,
  AdminBandDto,
  AdminBandSearchResponse,
  AdminConcertDto,
  AdminConcertSearchResponse,
  AdminCreatedResponse,
  AdminFeedbackResponse,
  AdminManagedVenueDto,
  AdminMessageResponse,
  AdminOverviewResponse,
  AdminPage,
  AdminRunsResponse,
  AdminVenuesResponse,
  BandCreateInput,
  BandUpdateInput,
  ConcertBandInput,
  ConcertCreateInput,
  ConcertUpdateInput,
  LinkCreateInput,
  VenueInput,
  VenueUpdateInput,
} from '@common/admin/types';
import type {
  SourceCreateInput,
  SourceUpdateInput,
  WaitingApproveInput,
} from '@common/sources/schemas';
import type {
  MissingListResponse,
  SourceDto,
  SourceListResponse,
  SourceRunResult,
  WaitingApprovedResponse,
  WaitingPageResponse,
} from '@common/sources/types';
import type { UploadResponse } from '@common/uploads/types';
import { apiFetch } from '@/lib/api';

// A created concert or band invalidates `all` (every admin list).
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
  sources: () => [...ADMIN, 'sources'] as const,
  waiting: (page: number) => [...ADMIN, 'sources-waiting', page] as const,
  missing: () => [...ADMIN, 'sources-missing'] as const,
};

// Bodies are what the schemas of common/admin/schemas.ts give (z.infer): the forms send what they parsed.

// Concerts

export const createConcert = (body: ConcertCreateInput) =>
  apiFetch<AdminCreatedResponse>('/api/admin/concerts', { method: 'POST', body });

export function searchConcerts(filters: { q: string; day: string }, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.day) params.set('day', filters.day);
  return apiFetch<AdminConcertSearchResponse>(`/api/admin/concerts/search?${params}`, { signal });
}

export interface ConcertFilters {
  q: string;
  when: 'upcoming' | 'past' | 'all';
  genre: string;
  from: string;
  to: string;
  withoutBands: boolean;
  withoutImage: boolean;
}

export function listConcerts(filters: ConcertFilters, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ when: filters.when, page: String(page) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.withoutBands) params.set('withoutBands', 'true');
  if (filters.withoutImage) params.set('withoutImage', 'true');
  return apiFetch<AdminPage<AdminConcertDto>>(`/api/admin/concerts?${params}`, { signal });
}

const concertPath = (id: number | string) => `/api/admin/concerts/${encodeURIComponent(id)}`;

/** One concert, by the id in the panel's address (the server refuses one that is not a number). */
export const getConcert = (id: string, signal?: AbortSignal) =>
  apiFetch<AdminConcertDto>(concertPath(id), { signal });

/** An edit: only the fields that changed. */
export const updateConcert = (id: number, body: ConcertUpdateInput) =>
  apiFetch<AdminConcertDto>(concertPath(id), { method: 'PATCH', body });
export const cancelConcert = (id: number) =>
  apiFetch<AdminConcertDto>(`${concertPath(id)}/cancel`, { method: 'POST', body: {} });
export const restoreConcert = (id: number) =>
  apiFetch<AdminConcertDto>(`${concertPath(id)}/restore`, { method: 'POST', body: {} });
export const duplicateConcert = (id: number, day: string) =>
  apiFetch<AdminCreatedResponse>(`${concertPath(id)}/duplicate`, {
    method: 'POST',
    body: day ? { day } : {},
  });
export const deleteConcert = (id: number) =>
  apiFetch<AdminMessageResponse>(concertPath(id), { method: 'DELETE' });
export const linkBand = (id: number, body: ConcertBandInput) =>
  apiFetch<AdminConcertDto>(`${concertPath(id)}/bands`, { method: 'POST', body });
export const unlinkBand = (id: number, bandId: number) =>
  apiFetch<AdminConcertDto>(`${concertPath(id)}/bands/${bandId}`, { method: 'DELETE' });

// Bands and links

export const createBand = (body: BandCreateInput) =>
  apiFetch<AdminCreatedResponse>('/api/admin/bands', { method: 'POST', body });

export const searchBands = (q: string, signal?: AbortSignal) =>
  apiFetch<AdminBandSearchResponse>(`/api/admin/bands/search?${new URLSearchParams({ q })}`, {
    signal,
  });

export function listBands(q: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (q.trim()) params.set('q', q.trim());
  return apiFetch<AdminPage<AdminBandDto>>(`/api/admin/bands?${params}`, { signal });
}
/** A band edit: only the fields that changed (a null Spotify or image URL removes it). */
export const updateBand = (id: number, body: BandUpdateInput) =>
  apiFetch<AdminBandDto>(`/api/admin/bands/${id}`, { method: 'PATCH', body });
export const mergeBand = (id: number, intoId: number) =>
  apiFetch<AdminBandDto>(`/api/admin/bands/${id}/merge`, { method: 'POST', body: { intoId } });
export const deleteBand = (id: number) =>
  apiFetch<AdminMessageResponse>(`/api/admin/bands/${id}`, { method: 'DELETE' });

export const createLink = (body: LinkCreateInput) =>
  apiFetch<AdminMessageResponse>('/api/admin/links', { method: 'POST', body });

// Venues

export const fetchVenues = (signal?: AbortSignal) =>
  apiFetch<AdminVenuesResponse>('/api/admin/venues', { signal });

/** The venue list the concert forms suggest from; one cached answer shared by every open form. */
export function useVenues() {
  const venues = useQuery({
    queryKey: adminKeys.venues(),
    queryFn: ({ signal }) => fetchVenues(signal),
    staleTime: 5 * 60_000,
  });
  return venues.data?.venues;
}

export const listManagedVenues = (q: string, signal?: AbortSignal) =>
  apiFetch<{ venues: AdminManagedVenueDto[] }>(
    `/api/admin/venues/managed?${new URLSearchParams(q.trim() ? { q: q.trim() } : {})}`,
    { signal },
  );
export const createVenue = (body: VenueInput) =>
  apiFetch<AdminManagedVenueDto>('/api/admin/venues', { method: 'POST', body });
/** A venue edit: only the fields that changed (null clears an optional one). */
export const updateVenue = (id: number, body: VenueUpdateInput) =>
  apiFetch<AdminManagedVenueDto>(`/api/admin/venues/${id}`, { method: 'PATCH', body });
export const deleteVenue = (id: number) =>
  apiFetch<AdminMessageResponse>(`/api/admin/venues/${id}`, { method: 'DELETE' });

// Sources: the calendars and pages concerts are imported from, their events waiting for review
// and the concerts they no longer list.

const SOURCES = '/api/admin/sources';

export const listSources = (signal?: AbortSignal) =>
  apiFetch<SourceListResponse>(SOURCES, { signal });
export const createSource = (body: SourceCreateInput) =>
  apiFetch<SourceDto>(SOURCES, { method: 'POST', body });
/** A source's edit, pause or resume: only the fields that change. */
export const updateSource = (id: number, body: SourceUpdateInput) =>
  apiFetch<SourceDto>(`${SOURCES}/${id}`, { method: 'PATCH', body });
export const deleteSource = (id: number) =>
  apiFetch<AdminMessageResponse>(`${SOURCES}/${id}`, { method: 'DELETE' });
/** "Importar ahora": answers when the run ends, with its counts (and the source's error). */
export const runSource = (id: number) =>
  apiFetch<SourceRunResult>(`${SOURCES}/${id}/run`, { method: 'POST', body: {} });
export const listWaiting = (page: number, signal?: AbortSignal) =>
  apiFetch<WaitingPageResponse>(`${SOURCES}/waiting?page=${page}`, { signal });
export const approveWaiting = (id: number, body: WaitingApproveInput) =>
  apiFetch<WaitingApprovedResponse>(`${SOURCES}/waiting/${id}/approve`, { method: 'POST', body });
export const rejectWaiting = (id: number) =>
  apiFetch<AdminMessageResponse>(`${SOURCES}/waiting/${id}/reject`, { method: 'POST', body: {} });
export const listMissing = (signal?: AbortSignal) =>
  apiFetch<MissingListResponse>(`${SOURCES}/missing`, { signal });

// Images and actions

/** Multipart through apiFetch too, so a lost session during an upload leaves the page like any call. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = await apiFetch<UploadResponse>('/api/admin/uploads', {
    method: 'POST',
    body: form,
  });
  return url;
}

/** The reply of an admin action endpoint: its message, or undefined when it was not JSON. */
export async function runAction(path: string, body?: unknown): Promise<string | undefined> {
  const reply = await apiFetch<Partial<AdminMessageResponse> | undefined>(path, {
    method: 'POST',
    body: body ?? {},
  });
  return typeof reply?.message === 'string' ? reply.message : undefined;
}

// What the panel reads: the audit log, the feedback, the overview (the weekly mail section shows
// its last send too) and the generation runs, asked again every few seconds while one is going.

export const listAudit = (page: number, signal?: AbortSignal) =>
  apiFetch<AdminPage<AdminAuditDto>>(`/api/admin/audit?page=${page}`, { signal });

export const getFeedback = (signal?: AbortSignal) =>
  apiFetch<AdminFeedbackResponse>('/api/admin/feedback', { signal });

export const getOverview = (signal?: AbortSignal) =>
  apiFetch<AdminOverviewResponse>('/api/admin/overview', { signal });

export const useOverview = () =>
  useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });

export const getRuns = (signal?: AbortSignal) =>
  apiFetch<AdminRunsResponse>('/api/admin/runs', { signal });

const WHILE_RUNNING_MS = 3000;

export const useRuns = () =>
  useQuery({
    queryKey: adminKeys.runs(),
    queryFn: ({ signal }) => getRuns(signal),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? WHILE_RUNNING_MS : false,
  });
