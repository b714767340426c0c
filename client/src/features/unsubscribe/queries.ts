import type { MessageResponse } from '@common/api/types';
import { apiFetch } from '@/lib/api';

/** The mail a link stops, each on its own (server/mail/unsubscribe-links.ts). */
export const MAIL_LISTS = ['weekly', 'alerts', 'changes', 'reminders'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

export const isMailList = (value: unknown): value is MailList =>
  typeof value === 'string' && (MAIL_LISTS as readonly string[]).includes(value);

export function unsubscribe(body: {
  userId: string;
  token: string;
  list: MailList;
  /** The link's end, as mailed (absent from links mailed before links had one). */
  expires?: string;
}) {
  return apiFetch<MessageResponse>('/api/unsubscribe', { method: 'POST', body });
}
