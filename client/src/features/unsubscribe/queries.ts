import type { MessageResponse } from '@common/api/types';
import { apiFetch } from '@/lib/api';

/** The weekly mail, or the artist alerts alone (`list=alerts`). */
export type MailList = 'weekly' | 'alerts';

export function unsubscribe(body: { userId: string; token: string; list: MailList }) {
  return apiFetch<MessageResponse>('/api/unsubscribe', { method: 'POST', body });
}
