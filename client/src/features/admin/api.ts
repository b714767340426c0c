// Calls of the admin panel, all through apiFetch (so a lost session leaves the page).
import type {
  AdminBandSearchResponse,
  AdminConcertSearchResponse,
  AdminCreatedResponse,
  AdminMessageResponse,
  AdminVenuesResponse,
  UploadResponse,
} from '@common/admin-rules';
import type { BandCreateInput, ConcertCreateInput, LinkCreateInput } from '@common/admin';
import { apiFetch } from '@/lib/api';

// Bodies are what the schemas of common/admin.ts give (z.infer): the forms send what they parsed.
export const createConcert = (body: ConcertCreateInput) =>
  apiFetch<AdminCreatedResponse>('/api/admin/concerts', { method: 'POST', body });

export const createBand = (body: BandCreateInput) =>
  apiFetch<AdminCreatedResponse>('/api/admin/bands', { method: 'POST', body });

export const createLink = (body: LinkCreateInput) =>
  apiFetch<AdminMessageResponse>('/api/admin/links', { method: 'POST', body });

export const fetchVenues = (signal?: AbortSignal) =>
  apiFetch<AdminVenuesResponse>('/api/admin/venues', { signal });

export function searchConcerts(filters: { q: string; day: string }, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.day) params.set('day', filters.day);
  return apiFetch<AdminConcertSearchResponse>(`/api/admin/concerts/search?${params}`, { signal });
}

export const searchBands = (q: string, signal?: AbortSignal) =>
  apiFetch<AdminBandSearchResponse>(`/api/admin/bands/search?${new URLSearchParams({ q })}`, {
    signal,
  });

/** The reply of an admin action endpoint: its message, or undefined when it was not JSON. */
export async function runAction(path: string, body?: unknown): Promise<string | undefined> {
  const reply = await apiFetch<Partial<AdminMessageResponse> | undefined>(path, {
    method: 'POST',
    body: body ?? {},
  });
  return typeof reply?.message === 'string' ? reply.message : undefined;
}

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
