// How a failed SMTP send is read, for every mail that is retried (weekly mail, change notices).
import { mails } from '../lib/metrics.js';
import type { Mailer, OutgoingMail } from './mailer.js';

/** A 5xx answer is permanent for that address; no code (connection lost) or 4xx is temporary. */
export function isPermanentSendFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
}

export interface SendFailure {
  error: unknown;
  /** A 5xx, or the last attempt allowed: the delivery is given up as 'failed'. */
  giveUp: boolean;
  /** What the delivery row keeps of the error. */
  lastError: string;
}

/** Sends try `attempt` (of at most `maxAttempts`) of a mail, counted in cm_mails_total. */
export async function sendAttempt(
  mailer: Mailer,
  mail: OutgoingMail,
  kind: string,
  attempt: number,
  maxAttempts: number,
): Promise<SendFailure | undefined> {
  try {
    await mailer.send(mail);
    mails.inc({ kind, outcome: 'sent' });
    return undefined;
  } catch (error) {
    mails.inc({ kind, outcome: 'failed' });
    const giveUp = isPermanentSendFailure(error) || attempt >= maxAttempts;
    return { error, giveUp, lastError: String(error).slice(0, 500) };
  }
}
