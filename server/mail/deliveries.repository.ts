// SQL for mail_deliveries: one row per mail, recorded before it is sent, then its outcome.
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import { pageAfter } from '../db/keyset.js';

export type DeliveryKind =
  | 'weekly'
  | 'welcome'
  | 'password_reset'
  | 'email_verification'
  | 'concert_change'
  | 'show_reminder'
  | 'artist_alert';

/** Records a one-off mail as 'pending'; returns its id. */
export async function insertDelivery(
  db: Database,
  delivery: { userId: string; kind: DeliveryKind; toEmail: string },
): Promise<string> {
  const { id } = await db
    .insertInto('mail_deliveries')
    .values({ user_id: delivery.userId, kind: delivery.kind, to_email: delivery.toEmail })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface DeliveryOutcome {
  status: 'pending' | 'sent' | 'skipped' | 'failed';
  attempts?: number;
  last_error?: string | null;
}

/** Writes a delivery's outcome; 'sent' also stamps sent_at. */
export async function markDelivery(
  db: Database,
  deliveryId: string,
  outcome: DeliveryOutcome,
): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ ...outcome, ...(outcome.status === 'sent' ? { sent_at: new Date() } : {}) })
    .where('id', '=', deliveryId)
    .execute();
}

/**
 * Up to `limit` ids of pending deliveries after `afterId`, in id order: a campaign's, or the
 * deliveries of a kind due by a time.
 */
export async function findPendingIds(
  db: Database,
  of: { campaignId: string } | { kind: DeliveryKind; dueBy: Date },
  afterId: string,
  limit: number,
): Promise<string[]> {
  const pending = db.selectFrom('mail_deliveries').select('id').where('status', '=', 'pending');
  const query =
    'campaignId' in of
      ? pending.where('campaign_id', '=', of.campaignId)
      : pending.where('kind', '=', of.kind).where('next_attempt_at', '<=', of.dueBy);
  const rows = await pageAfter(query, 'id', afterId, limit).execute();
  return rows.map((row) => row.id);
}

/** A temporary failure: pending again, not before `retryAt`. */
export async function postponeDelivery(
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

/**
 * Locks one pending delivery of `kind` for the caller's transaction, with `columns` of it (`d`)
 * and of its fan (`u`, all null when the account is gone); undefined when it is no longer
 * pending, another sender holds it (SKIP LOCKED), or (with `dueBy`) its next attempt is later.
 */
export async function claimPendingDelivery<Row>(
  trx: Database,
  of: { kind: DeliveryKind; deliveryId: string; dueBy?: Date },
  columns: RawBuilder<unknown>,
): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    SELECT d.id, d.to_email, d.attempts, ${columns}
    FROM mail_deliveries d LEFT JOIN users u ON u.user_id = d.user_id
    WHERE d.id = ${of.deliveryId} AND d.kind = ${of.kind} AND d.status = 'pending'
      ${of.dueBy ? sql`AND d.next_attempt_at <= ${of.dueBy}` : sql``}
    FOR UPDATE OF d SKIP LOCKED`.execute(trx);
  return rows[0];
}
