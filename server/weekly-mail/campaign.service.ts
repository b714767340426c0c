// Starts a weekly campaign: the campaign row, one 'pending' delivery per recipient and the send
// job, all in one transaction. A 'real' campaign is unique per ISO week (partial unique index):
// a second click, a second instance or cron plus click in the same week inserts nothing.
import type PgBoss from 'pg-boss';
import { bossDbOf } from '../db/boss-db.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { QUEUES, type WeeklyMailSendJob } from '../jobs/queues.js';
import { insertCampaignDeliveries, insertWeeklyCampaign } from './campaigns.repository.js';
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
    const campaignId = await insertWeeklyCampaign(trx, {
      mode,
      isoWeek,
      createdBy: createdBy ?? null,
    });
    if (campaignId === undefined) return { started: false };
    // 'prueba' goes to the admins only (whatever their subscription: it is a preview);
    // 'real' to every subscribed fan. Both only to verified addresses (double opt-in): an
    // address anyone could have typed gets no mail it never confirmed it wants.
    const recipients = await insertCampaignDeliveries(
      trx,
      campaignId,
      mode === 'prueba' ? 'admins' : 'subscribed',
    );

    const job: WeeklyMailSendJob = { campaignId };
    await deps.boss.send(QUEUES.weeklyMailSend, job, {
      singletonKey: `campaign-${campaignId}`,
      db: bossDbOf(trx),
    });
    return { started: true, campaignId, recipients };
  });
}
