// Artist alerts: when a concert appears (created, approved from a submission, duplicated, or a
// band linked to it), every fan whose favourite artists name one of its bands is told by mail,
// once per concert. A match is a row of artist_alerts recorded after the concert is scored, so the
// mail can give the fan's score and reason. Fans choose 'instant' (mailed as soon as a match is
// ready), 'daily' (gathered by the 09:00 Madrid run) or 'never' (nothing, and what waits is
// dropped); either way at most one alert mail per fan and Madrid day, so what comes after that
// day's mail waits for the next run. Mails are 'pending' deliveries claimed by their row lock
// (server/mail/claimed-sender.ts): every instance may run all of this at once.
import type { Config } from '../config/config.js';
import { madridDateTime, madridIsoWithOffset, type Clock } from '../lib/time.js';
import {
  sendClaimed,
  sweepClaimed,
  type ClaimedKind,
  type ClaimedSenderDeps,
} from '../mail/claimed-sender.js';
import { withMailImages } from '../mail/mail-image.js';
import { unsubscribeLinks } from '../mail/unsubscribe-links.js';
import { alertMail, alertMailData } from './alert-mail.js';
import {
  claimAlertDelivery,
  dropUnwantedAlerts,
  findDeliveryConcerts,
  gatherAlertDeliveries,
  insertArtistAlerts,
  type ClaimedAlertMail,
} from './alerts.repository.js';
import type { AlertFrequency } from '../../common/profile/limits.js';

export interface AlertDeps extends ClaimedSenderDeps {
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'dataDir'>;
}

/** The daily run: 09:00 in Mallorca (node-cron, Europe/Madrid), on every instance. */
export const DAILY_ALERTS_CRON = '0 9 * * *';
/**
 * How long a match waits for the fan's score before it is mailed without one (the AI engine
 * scores in the background; the built-in one has scored it before the match is recorded).
 */
export const SCORE_WAIT_MS = 30 * 60_000;

function today(clock: Clock) {
  const now = clock();
  return { now, day: madridDateTime(now).day };
}

/** How an alert mail is claimed and written (claimed-sender.ts sends it once). */
const alertKind = (deps: AlertDeps): ClaimedKind<ClaimedAlertMail> => ({
  kind: 'artist_alert',
  // About two hours of SMTP outage are covered; news days late is worth little.
  maxAttempts: 8,
  sendFailed: 'No se pudo enviar un aviso de artista favorito',
  claim: claimAlertDelivery,
  compose: async (trx, delivery, now) => {
    const { user_id: userId } = delivery;
    if (userId === null || delivery.alert_frequency === 'never' || !delivery.verified) {
      return { skip: 'avisos desactivados' };
    }
    const rows = await findDeliveryConcerts(trx, delivery.id, madridDateTime(now).day);
    if (rows.length === 0) return { skip: 'conciertos cancelados o pasados' };
    const concerts = await withMailImages(deps.config, rows);
    const unsubscribe = unsubscribeLinks(deps.config, userId, 'alerts', now);
    return alertMail(
      alertMailData({
        to: delivery.to_email,
        name: delivery.name,
        locale: delivery.locale,
        concerts,
        publicUrl: deps.config.publicUrl,
        unsubscribeUrl: unsubscribe.url,
        oneClickUrl: unsubscribe.oneClickUrl,
      }),
    );
  },
});

/** Sends these alert mails; a temporary failure leaves the rest to the sweep. Never throws. */
export function sendAlertMails(deps: AlertDeps, deliveryIds: string[], dueBy?: Date) {
  return sendClaimed(deps, alertKind(deps), deliveryIds, dueBy);
}

/** One pending mail per fan of these frequencies with matches ready, unless they had today's. */
function gather(deps: AlertDeps, frequencies: AlertFrequency[], onlyNewToday: boolean) {
  const { now, day } = today(deps.clock);
  return gatherAlertDeliveries(deps.db, {
    frequencies,
    day,
    now,
    scoreWaitUntil: new Date(now.getTime() - SCORE_WAIT_MS),
    // Held over from an earlier day, a match goes with the 09:00 run, not at midnight.
    ...(onlyNewToday ? { newSince: new Date(madridIsoWithOffset(day, '00:00:00')) } : {}),
  });
}

/** 'instant' fans with a match of today ready: their mail now (with whatever else waits). */
async function mailInstantAlerts(deps: AlertDeps): Promise<number> {
  const ids = await gather(deps, ['instant'], true);
  return (await sendAlertMails(deps, ids)).sent;
}

/**
 * After these concerts appeared and were scored: records each fan's match and mails the 'instant'
 * fans. Safe to run again (a retried job): a fan and concert are matched once.
 */
export async function alertFansOf(
  deps: AlertDeps,
  concertIds: number[],
): Promise<{ matched: number; sent: number }> {
  const { now, day } = today(deps.clock);
  const matched = await insertArtistAlerts(deps.db, concertIds, day, now);
  return { matched, sent: await mailInstantAlerts(deps) };
}

/** The 09:00 run: every fan's matches waiting ('daily', and 'instant' ones held over). */
export async function runDailyAlerts(deps: AlertDeps): Promise<{ sent: number }> {
  const ids = await gather(deps, ['daily', 'instant'], false);
  return { sent: (await sendAlertMails(deps, ids)).sent };
}

/**
 * Every minute on every instance: drops matches no mail will carry, mails 'instant' matches that
 * became ready since (a score the AI gave late), and sends mails left pending (a crash, a retry).
 */
export async function sweepArtistAlerts(deps: AlertDeps): Promise<{ sent: number }> {
  const { now, day } = today(deps.clock);
  await dropUnwantedAlerts(deps.db, now, day);
  const instant = await mailInstantAlerts(deps);
  const pending = await sweepClaimed(deps, alertKind(deps));
  return { sent: instant + pending.sent };
}
