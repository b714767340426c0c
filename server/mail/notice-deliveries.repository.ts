// SQL of the change notices' deliveries (kind 'concert_change'): written 'pending' with what the
// mail says, and claimed one by one by a row lock while it is sent (claimed-sender.ts).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';
import { claimPendingDelivery } from './deliveries.repository.js';

/** One 'pending' delivery per fan (with its mail's text) in one statement; returns their ids in the fans' order. */
export async function insertNoticeDeliveries(
  db: Database,
  fans: { userId: string; email: string; payload: Json }[],
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
        payload: JSON.stringify(fan.payload),
        next_attempt_at: sweepFrom,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface ClaimedNotice {
  id: string;
  to_email: string;
  attempts: number;
  payload: Json | null;
  user_id: string | null;
  /** The fan's switch now (null: the account is gone). */
  change_notices: boolean | null;
}

/** Locks one pending notice (see ClaimedKind.claim in claimed-sender.ts). */
export const claimNotice = (trx: Database, deliveryId: string, dueBy?: Date) =>
  claimPendingDelivery<ClaimedNotice>(
    trx,
    { kind: 'concert_change', deliveryId, dueBy },
    sql`d.payload, d.user_id, u.change_notices`,
  );
