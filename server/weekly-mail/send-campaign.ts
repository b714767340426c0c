// Sends a campaign's pending deliveries. Each mail is claimed by locking its row (FOR UPDATE SKIP
// LOCKED) in a short transaction that commits 'sent' right after the SMTP server's 250, so two
// workers never send the same row and a crash rolls the claim back to 'pending'.
// The one unavoidable window: a worker killed between an SMTP 250 and its COMMIT leaves that row
// 'pending', and the next worker sends it again (at most SEND_CONCURRENCY mails per worker).
import { isLocale } from '../../common/i18n/locales.js';
import type pg from 'pg';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { heldConnectionSlots } from '../db/held-connections.js';
import { forEachLimited } from '../lib/concurrency.js';
import type { Logger } from '../lib/logger.js';
import { addDays, madridDateTime, type Clock } from '../lib/time.js';
import { markDelivery, type DeliveryOutcome } from '../mail/deliveries.repository.js';
import { withMailImages } from '../mail/mail-image.js';
import type { Mailer } from '../mail/mailer.js';
import { sendAttempt } from '../mail/send-failure.js';
import { oneClickUnsubscribeUrl, unsubscribeUrl } from '../mail/unsubscribe-links.js';
import {
  claimPendingDelivery,
  findCampaign,
  findPendingDeliveryIds,
  finishCampaignIfSent,
} from './campaigns.repository.js';
import { findNextConcerts, findWeeklyMatches, WINDOW_DAYS } from './matches.repository.js';
import { weeklyMail } from './weekly-mail.template.js';

export interface CampaignSendDeps {
  db: Database;
  /** The pool behind db: a mail holds a connection across its send, within the pool's budget. */
  pool: pg.Pool;
  mailer: Mailer;
  config: Config;
  clock: Clock;
  log: Logger;
}

/** Temporary failures per delivery before it is given up as 'failed'. */
const MAX_ATTEMPTS = 10;
const CHUNK = 100;
/**
 * Mails in flight at once per worker (nodemailer's SMTP pool keeps 5 connections). It is also the
 * most mails a kill -9 can make a worker send twice: each in-flight mail may have had its 250.
 */
export const SEND_CONCURRENCY = 4;

type Outcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'taken';

class TemporarySendFailure extends Error {}

async function sendOne(
  deps: CampaignSendDeps,
  campaign: { id: string; mode: string },
  deliveryId: string,
): Promise<Outcome> {
  const now = madridDateTime(deps.clock());
  const window = { from: now.day, to: addDays(now.day, WINDOW_DAYS - 1), nowTime: now.time };
  return deps.db.transaction().execute(async (trx) => {
    const delivery = await claimPendingDelivery(trx, deliveryId);
    if (!delivery) return 'taken';
    const mark = (outcome: DeliveryOutcome) => markDelivery(trx, delivery.id, outcome);

    const { user_id: userId, name, is_subscribed: subscribed } = delivery;
    // Unsubscribed since the campaign started (a preview to admins ignores the subscription).
    if (userId === null || (campaign.mode === 'real' && !subscribed)) {
      await mark({ status: 'skipped', last_error: 'baja antes del envío' });
      return 'skipped';
    }
    const matches = await findWeeklyMatches(trx, userId, window);
    const nextConcerts = matches.length > 0 ? [] : await findNextConcerts(trx, userId, window);
    if (matches.length === 0 && nextConcerts.length === 0) {
      await mark({ status: 'skipped', last_error: 'sin conciertos en los próximos 14 días' });
      return 'skipped';
    }
    const mail = weeklyMail({
      to: delivery.to_email,
      name,
      matches: await withMailImages(deps.config, matches),
      nextConcerts: await withMailImages(deps.config, nextConcerts),
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl: unsubscribeUrl(deps.config, userId),
      oneClickUrl: oneClickUnsubscribeUrl(deps.config, userId),
      test: campaign.mode === 'prueba',
      locale: isLocale(delivery.locale) ? delivery.locale : undefined,
    });
    const attempts = delivery.attempts + 1;
    const failure = await sendAttempt(deps.mailer, mail, 'weekly', attempts, MAX_ATTEMPTS);
    if (failure) {
      const { error, giveUp, lastError } = failure;
      await mark({ status: giveUp ? 'failed' : 'pending', attempts, last_error: lastError });
      deps.log.warn({ err: error, deliveryId, giveUp }, 'No se pudo enviar el email semanal');
      return giveUp ? 'failed' : 'retry';
    }
    await mark({ status: 'sent', attempts, last_error: null });
    return 'sent';
  });
}

/**
 * Sends what is pending. Throws TemporarySendFailure on a temporary SMTP failure, so the job is
 * retried later (with backoff) and continues with the rows still pending.
 */
export async function sendCampaign(deps: CampaignSendDeps, campaignId: string) {
  const campaign = await findCampaign(deps.db, campaignId);
  if (!campaign || campaign.status === 'done') return { sent: 0 };
  let sent = 0;
  let afterId = '0';
  for (;;) {
    const chunk = await findPendingDeliveryIds(deps.db, campaignId, afterId, CHUNK);
    if (chunk.length === 0) break;
    await forEachLimited(chunk, SEND_CONCURRENCY, async (id) => {
      // Its transaction stays open across the SMTP exchange: one of the pool's held connections.
      const outcome = await heldConnectionSlots(deps.pool).run(() => sendOne(deps, campaign, id));
      if (outcome === 'sent') sent += 1;
      if (outcome === 'retry') {
        throw new TemporarySendFailure(`Envío interrumpido tras ${sent} correos; se reintentará.`);
      }
    });
    afterId = chunk[chunk.length - 1]!;
  }
  // Rows another worker holds right now are still 'pending': that worker finishes the campaign.
  await finishCampaignIfSent(deps.db, campaignId);
  return { sent };
}
