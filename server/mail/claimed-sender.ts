// Sends every mail recorded as a 'pending' delivery (the weekly campaign, change notices, show
// reminders, artist alerts). Each mail is claimed by locking its row (FOR UPDATE SKIP LOCKED) in a
// short transaction that commits 'sent' right after the SMTP server's 250: the in-process sends,
// the jobs and the sweeps of every instance never send the same row, and a crash rolls the claim
// back to 'pending' for the next sweep or job. The one window left: a process killed between a 250
// and its COMMIT leaves that row 'pending', and it goes again (at most SEND_CONCURRENCY mails per
// process).
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { heldConnectionSlots } from '../db/held-connections.js';
import { forEachLimited } from '../lib/concurrency.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import {
  findPendingIds,
  markDelivery,
  postponeDelivery,
  type DeliveryKind,
} from './deliveries.repository.js';
import type { Mailer, OutgoingMail } from './mailer.js';
import { sendAttempt } from './send-failure.js';

export interface ClaimedSenderDeps {
  db: Database;
  /** The pool behind db: a mail holds a connection across its send, within the pool's budget. */
  pool: pg.Pool;
  mailer: Mailer;
  log: Logger;
  clock: Clock;
}

/** What a claim returns: the locked row, at least. */
export interface ClaimedDelivery {
  id: string;
  to_email: string;
  attempts: number;
}

/** The mail to send, or why this delivery ends without one. */
export type Composed = OutgoingMail | { skip: string } | { fail: string };

/** One kind of claimed mail: how its row is claimed and its mail written. */
export interface ClaimedKind<C extends ClaimedDelivery> {
  kind: DeliveryKind;
  /** Attempts before a delivery is given up as 'failed' (a 5xx gives up at once). */
  maxAttempts: number;
  /**
   * Who tries a temporary failure again: the sweep, once retryWaitMs has passed (the default), or
   * the job sending the deliveries, on its own backoff (the row stays pending with no wait).
   */
  retriedBy?: 'sweep' | 'job';
  /** Logged when a send fails. */
  sendFailed: string;
  /**
   * Locks one pending delivery for the caller's transaction, or undefined when it is no longer
   * pending, another sender holds it (SKIP LOCKED), or (with `dueBy`) its next attempt is later.
   */
  claim: (trx: Database, deliveryId: string, dueBy?: Date) => Promise<C | undefined>;
  compose: (trx: Database, claimed: C, now: Date) => Promise<Composed> | Composed;
}

/**
 * Mails in flight at once per sender (nodemailer's SMTP pool keeps 5 connections). It is also the
 * most mails a kill -9 can make a process send twice: each in-flight mail may have had its 250.
 */
export const SEND_CONCURRENCY = 4;
const MAX_RETRY_WAIT_MS = 60 * 60_000;
const PAGE = 100;

type Outcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'taken';

/** Retries wait 1, 2, 4, ... minutes, up to an hour. */
export const retryWaitMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_WAIT_MS);

async function sendOne<C extends ClaimedDelivery>(
  deps: ClaimedSenderDeps,
  kind: ClaimedKind<C>,
  deliveryId: string,
  dueBy?: Date,
): Promise<Outcome> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await kind.claim(trx, deliveryId, dueBy);
    if (!claimed) return 'taken';
    const attempts = claimed.attempts + 1;
    const mail = await kind.compose(trx, claimed, now);
    if ('skip' in mail) {
      await markDelivery(trx, claimed.id, { status: 'skipped', last_error: mail.skip });
      return 'skipped';
    }
    if ('fail' in mail) {
      await markDelivery(trx, claimed.id, { status: 'failed', last_error: mail.fail });
      return 'failed';
    }
    const failure = await sendAttempt(deps.mailer, mail, kind.kind, attempts, kind.maxAttempts);
    if (failure) {
      const { error, giveUp, lastError } = failure;
      if (giveUp) {
        await markDelivery(trx, claimed.id, { status: 'failed', attempts, last_error: lastError });
      } else if (kind.retriedBy === 'job') {
        await markDelivery(trx, claimed.id, { status: 'pending', attempts, last_error: lastError });
      } else {
        const retryAt = new Date(now.getTime() + retryWaitMs(attempts));
        await postponeDelivery(trx, claimed.id, { attempts, lastError, retryAt });
      }
      deps.log.warn({ err: error, deliveryId, giveUp }, kind.sendFailed);
      return giveUp ? 'failed' : 'retry';
    }
    await markDelivery(trx, claimed.id, { status: 'sent', attempts, last_error: null });
    return 'sent';
  });
}

/**
 * Sends these deliveries. Stops at the first temporary failure: the SMTP server is likely down,
 * and a later sweep retries the rest. Never throws.
 */
export async function sendClaimed<C extends ClaimedDelivery>(
  deps: ClaimedSenderDeps,
  kind: ClaimedKind<C>,
  deliveryIds: string[],
  dueBy?: Date,
): Promise<{ sent: number; stopped: boolean }> {
  let sent = 0;
  let stopped = false;
  await forEachLimited(deliveryIds, SEND_CONCURRENCY, async (id) => {
    if (stopped) return;
    try {
      // Its transaction stays open across the SMTP exchange: one of the pool's held connections.
      const outcome = await heldConnectionSlots(deps.pool).run(() =>
        sendOne(deps, kind, id, dueBy),
      );
      if (outcome === 'sent') sent += 1;
      if (outcome === 'retry') stopped = true;
    } catch (error) {
      stopped = true;
      deps.log.warn({ err: error, deliveryId: id }, kind.sendFailed);
    }
  });
  return { sent, stopped };
}

/** Sends the pending deliveries `pending` finds, in pages by id, until one stops the send. */
async function sendPages<C extends ClaimedDelivery>(
  deps: ClaimedSenderDeps,
  kind: ClaimedKind<C>,
  pending: Parameters<typeof findPendingIds>[1],
  dueBy?: Date,
): Promise<{ sent: number; stopped: boolean }> {
  let sent = 0;
  let afterId = '0';
  for (;;) {
    const ids = await findPendingIds(deps.db, pending, afterId, PAGE);
    if (ids.length === 0) return { sent, stopped: false };
    const page = await sendClaimed(deps, kind, ids, dueBy);
    sent += page.sent;
    if (page.stopped) return { sent, stopped: true };
    afterId = ids[ids.length - 1]!; // length > 0
  }
}

/**
 * Sends the deliveries of this kind pending past their time, in pages by id. Safe on every
 * instance at once: each row is claimed by its lock.
 */
export async function sweepClaimed<C extends ClaimedDelivery>(
  deps: ClaimedSenderDeps,
  kind: ClaimedKind<C>,
): Promise<{ sent: number }> {
  const now = deps.clock();
  const { sent } = await sendPages(deps, kind, { kind: kind.kind, dueBy: now }, now);
  return { sent };
}

/**
 * Sends every pending delivery of a campaign (due at once), in pages by id. Safe on every
 * instance at once: each row is claimed by its lock. Stops at the first temporary failure.
 */
export const sendCampaignClaimed = <C extends ClaimedDelivery>(
  deps: ClaimedSenderDeps,
  kind: ClaimedKind<C>,
  campaignId: string,
) => sendPages(deps, kind, { campaignId });
