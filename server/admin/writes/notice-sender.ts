// Sends change notices: claimed one by one and committed 'sent' right after the SMTP server's 250
// (server/mail/claimed-sender.ts), so the in-process send after the edit and the sweeps of every
// instance never send the same row.
import type { Config } from '../../config/config.js';
import { madridDateTime } from '../../lib/time.js';
import {
  sendClaimed,
  sweepClaimed,
  type ClaimedKind,
  type ClaimedSenderDeps,
} from '../../mail/claimed-sender.js';
import { claimNotice, type ClaimedNotice } from '../../mail/notice-deliveries.repository.js';
import { concertChangeMail } from '../../mail/templates.js';
import { unsubscribeLinks } from '../../mail/unsubscribe-links.js';
import { noticePayloadSchema } from './change-notices.js';

export interface NoticeDeps extends ClaimedSenderDeps {
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>;
}

/**
 * Attempts before a notice is given up as 'failed' (a 5xx gives up at once). Retries wait 1, 2,
 * 4, ... minutes, up to an hour: about two hours of SMTP outage are covered, and a notice days
 * late is worth little.
 */
export const MAX_NOTICE_ATTEMPTS = 8;

const changeNotices = (deps: NoticeDeps): ClaimedKind<ClaimedNotice> => ({
  kind: 'concert_change',
  maxAttempts: MAX_NOTICE_ATTEMPTS,
  sendFailed: 'No se pudo enviar un aviso de cambio de concierto',
  claim: claimNotice,
  compose: (_trx, notice, now) => {
    if (notice.change_notices !== true || notice.user_id === null) {
      return { skip: 'avisos desactivados' };
    }
    const payload = noticePayloadSchema.safeParse(notice.payload);
    if (!payload.success) return { fail: 'aviso sin texto' };
    if (payload.data.lastDay < madridDateTime(now).day) return { skip: 'concierto ya pasado' };
    const { title, when, cancelled, lines, locale } = payload.data;
    return concertChangeMail(
      notice.to_email,
      { title, when },
      { cancelled, lines },
      {
        concerts: `${deps.config.publicUrl}/myconcerts`,
        profile: `${deps.config.publicUrl}/profile`,
        unsubscribe: unsubscribeLinks(deps.config, notice.user_id, 'changes', now),
      },
      locale,
    );
  },
});

/**
 * Sends these deliveries (what an edit just committed). Stops at the first temporary failure:
 * the SMTP server is likely down, and the sweep retries the rest later. Never throws.
 */
export const sendChangeNotices = (deps: NoticeDeps, deliveryIds: string[], dueBy?: Date) =>
  sendClaimed(deps, changeNotices(deps), deliveryIds, dueBy);

/** Sends the notices still pending past their time (a crash after the edit, or a retry due). */
export const sweepChangeNotices = (deps: NoticeDeps) => sweepClaimed(deps, changeNotices(deps));
