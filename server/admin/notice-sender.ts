// Sends change notices, each claimed by its row lock (server/mail/pending-sender.ts): the
// in-process send after the edit and the sweeps of every instance never send the same row, and a
// crash rolls the claim back to 'pending' for the next sweep.
import type { Config } from '../config.js';
import { madridDateTime } from '../lib/time.js';
import { markDelivery } from '../mail/deliveries.repository.js';
import { claimNotice, findDueNoticeIds } from '../mail/notice-deliveries.repository.js';
import {
  attemptDelivery,
  MAX_ATTEMPTS,
  sendPending,
  sweepPending,
  type PendingSendDeps,
  type SendOutcome,
} from '../mail/pending-sender.js';
import { concertChangeMail } from '../mail/templates.js';
import { noticePayloadSchema } from './change-notices.js';

export interface NoticeDeps extends PendingSendDeps {
  config: Pick<Config, 'publicUrl'>;
}

/** Attempts before a notice is given up as 'failed' (a 5xx gives up at once). */
export const MAX_NOTICE_ATTEMPTS = MAX_ATTEMPTS;

async function sendOne(deps: NoticeDeps, deliveryId: string, dueBy?: Date): Promise<SendOutcome> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const notice = await claimNotice(trx, deliveryId, dueBy);
    if (!notice) return 'taken';
    if (notice.change_notices !== true) {
      await markDelivery(trx, notice.id, { status: 'skipped', last_error: 'avisos desactivados' });
      return 'skipped';
    }
    const payload = noticePayloadSchema.safeParse(notice.payload);
    if (!payload.success) {
      await markDelivery(trx, notice.id, { status: 'failed', last_error: 'aviso sin texto' });
      return 'failed';
    }
    if (payload.data.lastDay < madridDateTime(now).day) {
      await markDelivery(trx, notice.id, { status: 'skipped', last_error: 'concierto ya pasado' });
      return 'skipped';
    }
    const { title, when, cancelled, lines } = payload.data;
    const mail = concertChangeMail(
      notice.to_email,
      { title, when },
      { cancelled, lines },
      {
        concerts: `${deps.config.publicUrl}/myconcerts`,
        profile: `${deps.config.publicUrl}/profile`,
      },
    );
    return attemptDelivery(
      deps,
      trx,
      { id: notice.id, attempts: notice.attempts, kind: 'concert_change' },
      mail,
    );
  });
}

/**
 * Sends these deliveries (what an edit just committed). Stops at the first temporary failure:
 * the SMTP server is likely down, and the sweep retries the rest later. Never throws.
 */
export function sendChangeNotices(
  deps: NoticeDeps,
  deliveryIds: string[],
  dueBy?: Date,
): Promise<{ sent: number; stopped: boolean }> {
  return sendPending(deps, deliveryIds, (id) => sendOne(deps, id, dueBy));
}

/**
 * Sends the notices still pending past their time (a crash after the edit, or a retry due), in
 * pages by id. Safe on every instance at once: each row is claimed by its lock.
 */
export function sweepChangeNotices(deps: NoticeDeps): Promise<{ sent: number }> {
  const now = deps.clock();
  return sweepPending(
    deps,
    (db, afterId, limit) => findDueNoticeIds(db, now, afterId, limit),
    (ids) => sendChangeNotices(deps, ids, now),
  );
}
