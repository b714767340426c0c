// Sends change notices. Each mail is claimed by locking its row (FOR UPDATE SKIP LOCKED) in a
// short transaction that commits 'sent' right after the SMTP server's 250, as the weekly mail does:
// the in-process send after the edit and the sweeps of every instance never send the same row,
// and a crash rolls the claim back to 'pending' for the next sweep. The one window left: a process
// killed between a 250 and its COMMIT leaves that row 'pending', and it goes again (at most
// SEND_CONCURRENCY mails per process).
import type pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { heldConnectionSlots } from '../db/held-connections.js';
import { forEachLimited } from '../lib/concurrency.js';
import type { Logger } from '../lib/logger.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { markDelivery } from '../mail/deliveries.repository.js';
import type { Mailer } from '../mail/mailer.js';
import {
  claimNotice,
  findDueNoticeIds,
  postponeNotice,
} from '../mail/notice-deliveries.repository.js';
import { sendAttempt } from '../mail/send-failure.js';
import { concertChangeMail } from '../mail/templates.js';
import { noticePayloadSchema } from './change-notices.js';

export interface NoticeDeps {
  db: Database;
  /** The pool behind db: a mail holds a connection across its send, within the pool's budget. */
  pool: pg.Pool;
  mailer: Mailer;
  log: Logger;
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
}

/** Mails in flight at once per sender (nodemailer's SMTP pool keeps 5 connections). */
export const SEND_CONCURRENCY = 4;
/**
 * Attempts before a notice is given up as 'failed' (a 5xx gives up at once). Retries wait 1, 2,
 * 4, ... minutes, up to an hour: about two hours of SMTP outage are covered, and a notice days
 * late is worth little.
 */
export const MAX_NOTICE_ATTEMPTS = 8;
const MAX_RETRY_WAIT_MS = 60 * 60_000;
const PAGE = 100;

type Outcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'taken';

export const retryWaitMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_WAIT_MS);

async function sendOne(deps: NoticeDeps, deliveryId: string, dueBy?: Date): Promise<Outcome> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const notice = await claimNotice(trx, deliveryId, dueBy);
    if (!notice) return 'taken';
    const attempts = notice.attempts + 1;
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
    const failure = await sendAttempt(
      deps.mailer,
      mail,
      'concert_change',
      attempts,
      MAX_NOTICE_ATTEMPTS,
    );
    if (failure) {
      const { error, giveUp, lastError } = failure;
      if (giveUp) {
        await markDelivery(trx, notice.id, { status: 'failed', attempts, last_error: lastError });
      } else {
        const retryAt = new Date(now.getTime() + retryWaitMs(attempts));
        await postponeNotice(trx, notice.id, { attempts, lastError, retryAt });
      }
      deps.log.warn(
        { err: error, deliveryId, giveUp },
        'No se pudo enviar un aviso de cambio de concierto',
      );
      return giveUp ? 'failed' : 'retry';
    }
    await markDelivery(trx, notice.id, { status: 'sent', attempts, last_error: null });
    return 'sent';
  });
}

/**
 * Sends these deliveries (what an edit just committed). Stops at the first temporary failure:
 * the SMTP server is likely down, and the sweep retries the rest later. Never throws.
 */
export async function sendChangeNotices(
  deps: NoticeDeps,
  deliveryIds: string[],
  dueBy?: Date,
): Promise<{ sent: number; stopped: boolean }> {
  let sent = 0;
  let stopped = false;
  await forEachLimited(deliveryIds, SEND_CONCURRENCY, async (id) => {
    if (stopped) return;
    try {
      // Its transaction stays open across the SMTP exchange: one of the pool's held connections.
      const outcome = await heldConnectionSlots(deps.pool).run(() => sendOne(deps, id, dueBy));
      if (outcome === 'sent') sent += 1;
      if (outcome === 'retry') stopped = true;
    } catch (error) {
      stopped = true;
      deps.log.warn({ err: error, deliveryId: id }, 'Error al enviar un aviso de cambio');
    }
  });
  return { sent, stopped };
}

/**
 * Sends the notices still pending past their time (a crash after the edit, or a retry due), in
 * pages by id. Safe on every instance at once: each row is claimed by its lock.
 */
export async function sweepChangeNotices(deps: NoticeDeps): Promise<{ sent: number }> {
  const now = deps.clock();
  let sent = 0;
  let afterId = '0';
  for (;;) {
    const ids = await findDueNoticeIds(deps.db, now, afterId, PAGE);
    if (ids.length === 0) break;
    const page = await sendChangeNotices(deps, ids, now);
    sent += page.sent;
    if (page.stopped) break;
    afterId = ids[ids.length - 1]!; // length > 0
  }
  return { sent };
}
