// Calls of 'Publica tus conciertos' (public) and of the admin's moderation queue.
import type { MessageResponse } from '@common/api/types';
import type {
  SubmissionCreatedResponse,
  SubmissionDto,
  SubmissionFormResponse,
  SubmissionListResponse,
  SubmissionReviewResponse,
} from '@common/submissions/types';
import { apiFetch } from '@/lib/api';

export const fetchSubmissionForm = (signal?: AbortSignal) =>
  apiFetch<SubmissionFormResponse>('/api/submissions/form', { signal });

/** Multipart: the text fields and, when chosen, the picture as 'image'. */
export const sendSubmission = (form: FormData) =>
  apiFetch<SubmissionCreatedResponse>('/api/submissions', { method: 'POST', body: form });

/** The link mailed to the contact address, as the confirmation page sends its token. */
export const confirmSubmission = (token: string) =>
  apiFetch<MessageResponse>('/api/submissions/confirm', { method: 'POST', body: { token } });

export const fetchPendingSubmissions = (signal?: AbortSignal) =>
  apiFetch<SubmissionListResponse>('/api/admin/submissions', { signal });

/** One submission by the id in the panel's address, reviewed or not (its status tells). */
export const fetchSubmission = (id: string, signal?: AbortSignal) =>
  apiFetch<SubmissionDto>(`/api/admin/submissions/${encodeURIComponent(id)}`, { signal });

/** The fields an admin may correct (every one is sent: the server replaces them all). */
export type SubmissionEdit = Omit<
  SubmissionDto,
  'id' | 'status' | 'emailConfirmed' | 'reason' | 'concertId' | 'createdAt' | 'reviewedAt'
>;

export const saveSubmission = (id: number, body: SubmissionEdit) =>
  apiFetch<SubmissionDto>(`/api/admin/submissions/${id}`, { method: 'PUT', body });

export const approveSubmission = (id: number) =>
  apiFetch<SubmissionReviewResponse>(`/api/admin/submissions/${id}/approve`, {
    method: 'POST',
    body: {},
  });

export const rejectSubmission = (id: number, reason: string) =>
  apiFetch<SubmissionReviewResponse>(`/api/admin/submissions/${id}/reject`, {
    method: 'POST',
    body: { reason },
  });

/** Rejected without a word to the address it gave. */
export const markSubmissionAsSpam = (id: number) =>
  apiFetch<SubmissionReviewResponse>(`/api/admin/submissions/${id}/spam`, {
    method: 'POST',
    body: {},
  });

export const submissionKeys = {
  form: () => ['submissions', 'form'] as const,
  /** Under the admin panel's keys, so whatever refreshes every admin list refreshes the queue. */
  pending: () => ['admin', 'submissions', 'pending'] as const,
  one: (id: string) => ['admin', 'submissions', 'one', id] as const,
};
