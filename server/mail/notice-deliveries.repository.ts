// SQL of the change notices' deliveries (kind 'concert_change'): written 'pending' with what the
// mail says, claimed one by one by a row lock while it is sent, and found again by the sweep.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import {
  claimPendingOfKind,
  findPendingIds,
  type ClaimedDelivery,
} from './deliveries.repository.js';
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

export interface ClaimedNotice extends ClaimedDelivery {
  payload: Json | null;
  /** The fan's switch now (null: the account is gone). */
  change_notices: boolean | null;
}

/** Locks one pending notice for the caller's transaction (claimPendingOfKind). */
export const claimNotice = (trx: Database, deliveryId: string, dueBy?: Date) =>
  claimPendingOfKind<ClaimedNotice>(
    trx,
    { kind: 'concert_change', deliveryId, dueBy },
    sql`d.payload, u.change_notices`,
  );
