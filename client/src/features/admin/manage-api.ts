// Calls of the admin's management screens (concert, band and venue lists, the audit log, what fans
// think of the recommendations).
import type {
  AdminAuditDto,
  AdminBandDto,
  AdminConcertDto,
  AdminCreatedResponse,
  AdminManagedVenueDto,
  AdminMessageResponse,
  AdminPage,
} from '@common/admin-rules';
import type {
  BandUpdateInput,
  ConcertBandInput,
  ConcertUpdateInput,
  VenueInput,
  VenueUpdateInput,
} from '@common/admin';
import type { AdminFeedbackResponse, AdminOverviewResponse, AdminRunsResponse } from '@common/dto';
import { apiFetch } from '@/lib/api';

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

export const listAudit = (page: number, signal?: AbortSignal) =>
  apiFetch<AdminPage<AdminAuditDto>>(`/api/admin/audit?page=${page}`, { signal });

export const getFeedback = (signal?: AbortSignal) =>
  apiFetch<AdminFeedbackResponse>('/api/admin/feedback', { signal });

export const getOverview = (signal?: AbortSignal) =>
  apiFetch<AdminOverviewResponse>('/api/admin/overview', { signal });

export const getRuns = (signal?: AbortSignal) =>
  apiFetch<AdminRunsResponse>('/api/admin/runs', { signal });
