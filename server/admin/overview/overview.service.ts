// The admin's overview: what needs the admin today, in a handful of counts (overview.repository.ts),
// and the latest generation runs. Cheap enough to load on every visit to /admin.
import type { AdminOverviewResponse } from '../../../common/admin/types.js';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import type { ServerTranslate } from '../../i18n/intl.js';
import { countFailedJobsByQueue } from '../../jobs/failed-jobs.repository.js';
import { aiCallsOn } from '../../ai/ai-budget.js';
import { madridDateTime, type Clock } from '../../lib/time.js';
import { latestRunsOf } from '../runs/admin-runs.service.js';
import {
  countCampaignDeliveries,
  countFans,
  countMailCapHits,
  countPendingSubmissions,
  countFediverse,
  countSources,
  countUpcomingConcerts,
  findLastWeeklyCampaign,
} from './overview.repository.js';

/** The window of failed background jobs the overview shows (pg-boss keeps its archive a week). */
export const FAILED_JOBS_DAYS = 7;

async function lastWeeklyMail(db: Database): Promise<AdminOverviewResponse['lastWeeklyMail']> {
  const campaign = await findLastWeeklyCampaign(db);
  if (!campaign) return null;
  return {
    startedAt: campaign.created_at.toISOString(),
    finishedAt: campaign.finished_at ? campaign.finished_at.toISOString() : null,
    // The table's CHECK allows only these.
    mode: campaign.mode as 'prueba' | 'real',
    ...(await countCampaignDeliveries(db, String(campaign.id))),
  };
}

/** `t` words the runs' errors in the admin's language. */
export async function adminOverview(
  deps: { db: Database; config: Config; clock: Clock },
  t: ServerTranslate,
): Promise<AdminOverviewResponse> {
  const { db } = deps;
  const now = deps.clock();
  const today = madridDateTime(now).day;
  const [
    concerts,
    submissionsPending,
    mailCap,
    sources,
    fediverse,
    fans,
    weekly,
    callsToday,
    failedJobs,
    runs,
  ] = await Promise.all([
    countUpcomingConcerts(db, today),
    countPendingSubmissions(db),
    countMailCapHits(db, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
    countSources(db),
    countFediverse(db),
    countFans(db),
    lastWeeklyMail(db),
    aiCallsOn(db, today),
    countFailedJobsByQueue(db, FAILED_JOBS_DAYS),
    latestRunsOf(db, t),
  ]);
  return {
    today,
    concerts,
    submissionsPending,
    submissionMailCap: {
      perHour: deps.config.submissions.confirmationMailsPerHour,
      refusedLast24h: mailCap.refused,
      lastRefusedAt: mailCap.lastRefusedAt ? mailCap.lastRefusedAt.toISOString() : null,
    },
    sources,
    fediverse: { enabled: deps.config.federation.enabled, ...fediverse },
    fans,
    lastWeeklyMail: weekly,
    ai: {
      configured: Boolean(deps.config.openai.apiKey),
      callsToday,
      dailyLimit: deps.config.openai.dailyCallLimit,
    },
    failedJobs,
    runs,
  };
}
