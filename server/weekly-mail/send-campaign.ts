// Sends a campaign's pending deliveries through the one sender of claimed deliveries
// (server/mail/claimed-sender.ts): each mail is claimed by locking its row and committed 'sent'
// right after the SMTP server's 250. A temporary failure stops the send and fails the job, which
// pg-boss retries later (with backoff) to go on with the rows still pending.
import { isLocale } from '../../common/i18n/locales.js';
import type { Config } from '../config/config.js';
import { addDays, madridDateTime } from '../lib/time.js';
import {
  sendCampaignClaimed,
  type ClaimedKind,
  type ClaimedSenderDeps,
} from '../mail/claimed-sender.js';
import { withMailImages } from '../mail/mail-image.js';
import { unsubscribeLinks } from '../mail/unsubscribe-links.js';
import {
  claimWeeklyDelivery,
  findCampaign,
  finishCampaignIfSent,
  type ClaimedWeeklyDelivery,
} from './campaigns.repository.js';
import { findNextConcerts, findWeeklyMatches, WINDOW_DAYS } from './matches.repository.js';
import { weeklyMail } from './weekly-mail.template.js';

export interface CampaignSendDeps extends ClaimedSenderDeps {
  config: Config;
}

/** Temporary failures per delivery before it is given up as 'failed'. */
const MAX_ATTEMPTS = 10;

class TemporarySendFailure extends Error {}

const weeklyDeliveries = (
  deps: CampaignSendDeps,
  campaign: { mode: string },
): ClaimedKind<ClaimedWeeklyDelivery> => ({
  kind: 'weekly',
  maxAttempts: MAX_ATTEMPTS,
  retriedBy: 'job',
  sendFailed: 'No se pudo enviar el email semanal',
  claim: claimWeeklyDelivery,
  compose: async (trx, delivery, instant) => {
    const { user_id: userId, name, is_subscribed: subscribed } = delivery;
    // Unsubscribed since the campaign started (a preview to admins ignores the subscription).
    if (userId === null || (campaign.mode === 'real' && !subscribed)) {
      return { skip: 'baja antes del envío' };
    }
    const now = madridDateTime(instant);
    const window = { from: now.day, to: addDays(now.day, WINDOW_DAYS - 1), nowTime: now.time };
    const matches = await findWeeklyMatches(trx, userId, window);
    const nextConcerts = matches.length > 0 ? [] : await findNextConcerts(trx, userId, window);
    if (matches.length === 0 && nextConcerts.length === 0) {
      return { skip: 'sin conciertos en los próximos 14 días' };
    }
    const unsubscribe = unsubscribeLinks(deps.config, userId, 'weekly', instant);
    return weeklyMail({
      to: delivery.to_email,
      name,
      matches: await withMailImages(deps.config, matches),
      nextConcerts: await withMailImages(deps.config, nextConcerts),
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl: unsubscribe.url,
      oneClickUrl: unsubscribe.oneClickUrl,
      test: campaign.mode === 'prueba',
      locale: isLocale(delivery.locale) ? delivery.locale : undefined,
    });
  },
});

/**
 * Sends what is pending. Throws TemporarySendFailure when the send stopped (a temporary SMTP
 * failure), so the job is retried later and continues with the rows still pending.
 */
export async function sendCampaign(deps: CampaignSendDeps, campaignId: string) {
  const campaign = await findCampaign(deps.db, campaignId);
  if (!campaign || campaign.status === 'done') return { sent: 0 };
  const { sent, stopped } = await sendCampaignClaimed(
    deps,
    weeklyDeliveries(deps, campaign),
    campaignId,
  );
  if (stopped) {
    throw new TemporarySendFailure(`Envío interrumpido tras ${sent} correos; se reintentará.`);
  }
  // Rows another worker holds right now are still 'pending': that worker finishes the campaign.
  await finishCampaignIfSent(deps.db, campaignId);
  return { sent };
}
