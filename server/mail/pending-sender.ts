// What the mails written as 'pending' rows share (change notices, artist alerts). Each mail is
// claimed by locking its row (FOR UPDATE SKIP LOCKED) in a short transaction that commits 'sent'
// right after the SMTP server's 250, as the weekly mail does: the in-process send and the sweeps of
// every instance never send the same row, and a crash rolls the claim back to 'pending' for the
// next sweep. The one window left: a process killed between a 250 and its COMMIT leaves that row
// 'pending', and it goes again (at most SEND_CONCURRENCY mails per process).
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { heldConnectionSlots } from '../db/held-connections.js';
import { forEachLimited } from '../lib/concurrency.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import { markDelivery, postponeDelivery, type DeliveryKind } from './deliveries.repository.js';
import type { Mailer, OutgoingMail } from './mailer.js';
import { sendAttempt } from './send-failure.js';

export interface PendingSendDeps {
  db: Database;
  /** The pool behind db: a mail holds a connection across its send, within the pool's budget. */
  pool: pg.Pool;
  mailer: Mailer;
  log: Logger;
  clock: Clock;
}

/** Mails in flight at once per sender (nodemailer's SMTP pool keeps 5 connections). */
export const SEND_CONCURRENCY = 4;
/**
 * Attempts before a mail is given up as 'failed' (a 5xx gives up at once). Retries wait 1, 2,
 * 4, ... minutes, up to an hour: about two hours of SMTP outage are covered, and news days late
 * is worth little.
 */
export const MAX_ATTEMPTS = 8;
const MAX_RETRY_WAIT_MS = 60 * 60_000;
const PAGE = 100;

export type SendOutcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'taken';

export const retryWaitMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_WAIT_MS);

/**
 * Sends `mail` for a delivery the caller's transaction `trx` holds, and writes what came of it:
 * 'sent', 'failed' (a 5xx or the last attempt) or pending again after the retry wait.
 */
export async function attemptDelivery(
  deps: Pick<PendingSendDeps, 'mailer' | 'log' | 'clock'>,
  trx: Database,
  delivery: { id: string; attempts: number; kind: DeliveryKind },
  mail: OutgoingMail,
): Promise<SendOutcome> {
  const attempts = delivery.attempts + 1;
  const failure = await sendAttempt(deps.mailer, mail, delivery.kind, attempts, MAX_ATTEMPTS);
  if (!failure) {
    await markDelivery(trx, delivery.id, { status: 'sent', attempts, last_error: null });
    return 'sent';
  }
  const { error, giveUp, lastError } = failure;
  if (giveUp) {
    await markDelivery(trx, delivery.id, { status: 'failed', attempts, last_error: lastError });
  } else {
    const retryAt = new Date(deps.clock().getTime() + retryWaitMs(attempts));
    await postponeDelivery(trx, delivery.id, { attempts, lastError, retryAt });
  }
  deps.log.warn(
    { err: error, deliveryId: delivery.id, kind: delivery.kind, giveUp },
    'No se pudo enviar un correo pendiente',
  );
  return giveUp ? 'failed' : 'retry';
}

/**
 * Sends these deliveries with `sendOne`, each in its own transaction on one of the pool's held
 * connections. Stops at the first temporary failure: the SMTP server is likely down, and the sweep
 * retries the rest later. Never throws.
 */
export async function sendPending(
  deps: Pick<PendingSendDeps, 'pool' | 'log'>,
  deliveryIds: string[],
  sendOne: (deliveryId: string) => Promise<SendOutcome>,
): Promise<{ sent: number; stopped: boolean }> {
  let sent = 0;
  let stopped = false;
  await forEachLimited(deliveryIds, SEND_CONCURRENCY, async (id) => {
    if (stopped) return;
    try {
      // Its transaction stays open across the SMTP exchange: one of the pool's held connections.
      const outcome = await heldConnectionSlots(deps.pool).run(() => sendOne(id));
      if (outcome === 'sent') sent += 1;
      if (outcome === 'retry') stopped = true;
    } catch (error) {
      stopped = true;
      deps.log.warn({ err: error, deliveryId: id }, 'Error al enviar un correo pendiente');
    }
  });
  return { sent, stopped };
}

/**
 * Sends what `findDue` lists as pending past its time (a crash, or a retry due), in pages by id.
 * Safe on every instance at once: each row is claimed by its lock.
 */
export async function sweepPending(
  deps: Pick<PendingSendDeps, 'db' | 'pool' | 'log'>,
  findDue: (db: Database, afterId: string, limit: number) => Promise<string[]>,
  send: (deliveryIds: string[]) => Promise<{ sent: number; stopped: boolean }>,
): Promise<{ sent: number }> {
  let sent = 0;
  let afterId = '0';
  for (;;) {
    const ids = await findDue(deps.db, afterId, PAGE);
    if (ids.length === 0) break;
    const page = await send(ids);
    sent += page.sent;
    if (page.stopped) break;
    afterId = ids[ids.length - 1]!; // length > 0
  }
  return { sent };
}
