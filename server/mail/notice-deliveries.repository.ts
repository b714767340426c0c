// SQL of the change notices' deliveries (kind 'concert_change'): written 'pending' with what the
// mail says, claimed one by one by a row lock while it is sent, and found again by the sweep.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { findPendingIds } from './deliveries.repository.js';
import type { Json } from '../db/schema.js';

/** One 'pending' delivery per fan in one statement; returns their ids in the fans' order. */
export async function insertNoticeDeliveries(
  db: Database,
  fans: { userId: string; email: string }[],
  payload: Json,
  sweepFrom: Date,
): Promise<string[]> {
  if (fans.length === 0) return [];
  const rows = await db
    .insertInto('mail_deliveries')
    .values(
      fans.map((fan) => ({
        user_id: fan.userId,
        kind: 'concert_change',
        to_email: fan.email,
        payload: JSON.stringify(payload),
        next_attempt_at: sweepFrom,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Pending notices the sweep may take at `now`, a page in id order after `afterId`. */
export const findDueNoticeIds = (db: Database, now: Date, afterId: string, limit: number) =>
  findPendingIds(db, { kind: 'concert_change', dueBy: now }, afterId, limit);

export interface ClaimedNotice {
  id: string;
  to_email: string;
  attempts: number;
  payload: Json | null;
  /** The fan's switch now (null: the account is gone). */
  change_notices: boolean | null;
}

/**
 * Locks one pending notice for the caller's transaction, or undefined when it is no longer pending,
 * another sender holds it (SKIP LOCKED), or (with `dueBy`) its next attempt is later.
 */
export async function claimNotice(
  trx: Database,
  deliveryId: string,
  dueBy?: Date,
): Promise<ClaimedNotice | undefined> {
  const { rows } = await sql<ClaimedNotice>`
    SELECT d.id, d.to_email, d.attempts, d.payload, u.change_notices
    FROM mail_deliveries d LEFT JOIN users u ON u.user_id = d.user_id
    WHERE d.id = ${deliveryId} AND d.kind = 'concert_change' AND d.status = 'pending'
      ${dueBy ? sql`AND d.next_attempt_at <= ${dueBy}` : sql``}
    FOR UPDATE OF d SKIP LOCKED`.execute(trx);
  return rows[0];
}

/** A temporary failure: pending again, not before `retryAt`. */
export async function postponeNotice(
  trx: Database,
  deliveryId: string,
  outcome: { attempts: number; lastError: string; retryAt: Date },
): Promise<void> {
  await trx
    .updateTable('mail_deliveries')
    .set({
      status: 'pending',
      attempts: outcome.attempts,
      last_error: outcome.lastError,
      next_attempt_at: outcome.retryAt,
    })
    .where('id', '=', deliveryId)
    .execute();
}
