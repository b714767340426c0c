// Starts a weekly campaign: the campaign row, one 'pending' delivery per recipient and the send
// job, all in one transaction. A 'real' campaign is unique per ISO week (partial unique index):
// a second click, a second instance or cron plus click in the same week inserts nothing.
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { bossDbOf, QUEUES, type WeeklyMailSendJob } from '../jobs/queues.js';
import { isoWeekOf } from './iso-week.js';

export type WeeklyMode = 'prueba' | 'real';

export type CampaignStart =
  { started: true; campaignId: string; recipients: number } | { started: false };

export async function startWeeklyCampaign(
  deps: { db: Database; boss: PgBoss; clock: Clock },
  mode: WeeklyMode,
  createdBy?: string,
): Promise<CampaignStart> {
  const isoWeek = isoWeekOf(deps.clock());
  return deps.db.transaction().execute(async (trx) => {
    // The index predicate is spelled literally: Postgres cannot infer a partial index from a
    // bound parameter.
    const inserted = await sql<{ id: string }>`
      INSERT INTO mail_campaigns (kind, mode, iso_week, created_by)
      VALUES ('weekly', ${mode}, ${isoWeek}, ${createdBy ?? null})
      ON CONFLICT (kind, iso_week) WHERE mode = 'real' DO NOTHING
      RETURNING id
    `.execute(trx);
    const campaign = inserted.rows[0];
    if (!campaign) return { started: false };

    // 'prueba' goes to the admins only (whatever their subscription: it is a preview);
    // 'real' to every subscribed fan. Both only to verified addresses (double opt-in): an
    // address anyone could have typed gets no mail it never confirmed it wants.
    const recipients = await sql<{ n: string }>`
      WITH inserted AS (
        INSERT INTO mail_deliveries (campaign_id, user_id, kind, to_email)
        SELECT ${campaign.id}::bigint, user_id, 'weekly', email FROM users
        WHERE ${mode === 'prueba' ? sql`is_admin` : sql`is_subscribed`}
          AND email_verified_at IS NOT NULL
        ON CONFLICT (campaign_id, user_id) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::text AS n FROM inserted
    `.execute(trx);

    const job: WeeklyMailSendJob = { campaignId: String(campaign.id) };
    await deps.boss.send(QUEUES.weeklyMailSend, job, {
      singletonKey: `campaign-${campaign.id}`,
      db: bossDbOf(trx),
    });
    return {
      started: true,
      campaignId: String(campaign.id),
      recipients: Number(recipients.rows[0]?.n ?? 0),
    };
  });
}
