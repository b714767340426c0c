// SQL for weekly campaigns (mail_campaigns) and their deliveries (mail_deliveries).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { claimPendingDelivery } from '../mail/deliveries.repository.js';

/**
 * Inserts this week's campaign; undefined when a 'real' one exists already for the week. The
 * index predicate is spelled literally: Postgres cannot infer a partial index from a parameter.
 */
export async function insertWeeklyCampaign(
  db: Database,
  campaign: { mode: 'prueba' | 'real'; isoWeek: string; createdBy: string | null },
): Promise<string | undefined> {
  const inserted = await sql<{ id: string }>`
    INSERT INTO mail_campaigns (kind, mode, iso_week, created_by)
    VALUES ('weekly', ${campaign.mode}, ${campaign.isoWeek}, ${campaign.createdBy})
    ON CONFLICT (kind, iso_week) WHERE mode = 'real' DO NOTHING
    RETURNING id
  `.execute(db);
  const row = inserted.rows[0];
  return row ? String(row.id) : undefined;
}

/**
 * One 'pending' delivery per recipient with a verified address: the admins for a 'prueba'
 * campaign, the subscribed fans for a 'real' one. Returns how many were inserted.
 */
export async function insertCampaignDeliveries(
  db: Database,
  campaignId: string,
  recipients: 'admins' | 'subscribed',
): Promise<number> {
  const inserted = await sql<{ n: string }>`
    WITH inserted AS (
      INSERT INTO mail_deliveries (campaign_id, user_id, kind, to_email)
      SELECT ${campaignId}::bigint, user_id, 'weekly', email FROM users
      WHERE ${recipients === 'admins' ? sql`is_admin` : sql`is_subscribed`}
        AND email_verified_at IS NOT NULL
      ON CONFLICT (campaign_id, user_id) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::text AS n FROM inserted
  `.execute(db);
  return Number(inserted.rows[0]?.n ?? 0);
}

export function findCampaign(db: Database, campaignId: string) {
  return db
    .selectFrom('mail_campaigns')
    .select(['id', 'mode', 'status'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
}

/** The ids of the campaigns still being sent. */
export async function findSendingCampaignIds(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_campaigns')
    .select('id')
    .where('status', '=', 'sending')
    .execute();
  return rows.map((row) => String(row.id));
}

/** A claimed weekly delivery, with what the mail needs of its recipient. */
export interface ClaimedWeeklyDelivery {
  id: string;
  to_email: string;
  attempts: number;
  /** null: the account is gone. */
  user_id: string | null;
  name: string | null;
  is_subscribed: boolean | null;
  locale: string | null;
}

/** Locks one pending weekly delivery (see ClaimedKind.claim in claimed-sender.ts). */
export const claimWeeklyDelivery = (trx: Database, deliveryId: string) =>
  claimPendingDelivery<ClaimedWeeklyDelivery>(
    trx,
    { kind: 'weekly', deliveryId },
    sql`u.user_id, u.name, u.is_subscribed, u.locale`,
  );

/** Marks the campaign done unless a delivery is still pending (another worker finishes it). */
export async function finishCampaignIfSent(db: Database, campaignId: string): Promise<void> {
  await db
    .updateTable('mail_campaigns')
    .set({ status: 'done', finished_at: new Date() })
    .where('id', '=', campaignId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mail_deliveries')
            .select('id')
            .where('campaign_id', '=', campaignId)
            .where('status', '=', 'pending'),
        ),
      ),
    )
    .execute();
}
