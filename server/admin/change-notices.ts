// Change notices: when an upcoming concert changes date, time, venue or price, or is cancelled,
// every fan who liked it gets ONE mail listing what changed (a description fix sends nothing).
// The deliveries are written 'pending' in the edit's own transaction, so who is to be told commits
// with the change; the mails go out right after the commit, in the background (the admin does not
// wait for SMTP), each marked sent or failed.
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { forEachLimited } from '../lib/concurrency.js';
import { insertDelivery, markDelivery } from '../mail/deliveries.repository.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { concertChangeMail, type ConcertChangeLine } from '../mail/templates.js';
import { spanishDay, spanishPrice } from '../weekly-mail/weekly-mail.template.js';
import { findLikersToNotify, type AdminConcertRow } from './concerts-admin.repository.js';

export interface ChangeNotice {
  cancelled: boolean;
  lines: ConcertChangeLine[];
}

export interface QueuedNotice {
  deliveryId: string;
  mail: OutgoingMail;
}

export interface NoticeDeps {
  db: Database;
  mailer: Mailer;
  log: Logger;
  config: Pick<Config, 'publicUrl'>;
}

const SEND_CONCURRENCY = 4;

/** What a fan must hear about, or null (nothing that matters to someone going changed). */
export function changeNoticeOf(
  before: AdminConcertRow,
  after: AdminConcertRow,
): ChangeNotice | null {
  if (before.cancelled_at === null && after.cancelled_at !== null) {
    return { cancelled: true, lines: [] };
  }
  if (after.cancelled_at !== null) return null;
  const lines: ConcertChangeLine[] = [];
  if (before.day !== after.day)
    lines.push({ label: 'Fecha', before: spanishDay(before.day), after: spanishDay(after.day) });
  if (before.hour !== after.hour)
    lines.push({ label: 'Hora', before: before.hour, after: after.hour });
  if (before.venue_id !== after.venue_id || before.venue !== after.venue)
    lines.push({ label: 'Sala', before: before.venue, after: after.venue });
  if (Number(before.price) !== Number(after.price))
    lines.push({
      label: 'Precio',
      before: spanishPrice(before.price),
      after: spanishPrice(after.price),
    });
  return lines.length > 0 ? { cancelled: false, lines } : null;
}

export const concertTitle = (row: Pick<AdminConcertRow, 'bands' | 'bandname' | 'genre'>) =>
  row.bands.length > 0
    ? row.bands.map((band) => band.name).join(' + ')
    : (row.bandname ?? `Concierto de ${row.genre}`);

/** Records one pending delivery per fan to tell, inside the edit's transaction. */
export async function queueChangeNotices(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  before: AdminConcertRow,
  notice: ChangeNotice,
): Promise<QueuedNotice[]> {
  const likers = await findLikersToNotify(db, before.id);
  const concert = {
    title: concertTitle(before),
    when: `${spanishDay(before.day)} a las ${before.hour}`,
  };
  const urls = {
    concerts: `${config.publicUrl}/myconcerts`,
    profile: `${config.publicUrl}/profile`,
  };
  const queued: QueuedNotice[] = [];
  for (const fan of likers) {
    const deliveryId = await insertDelivery(db, {
      userId: fan.user_id,
      kind: 'concert_change',
      toEmail: fan.email,
    });
    queued.push({ deliveryId, mail: concertChangeMail(fan.email, concert, notice, urls) });
  }
  return queued;
}

/** Sends the committed notices; failures are recorded and logged, never thrown. */
export async function sendChangeNotices(deps: NoticeDeps, queued: QueuedNotice[]) {
  await forEachLimited(queued, SEND_CONCURRENCY, async ({ deliveryId, mail }) => {
    try {
      await deps.mailer.send(mail);
      await markDelivery(deps.db, deliveryId, { status: 'sent', attempts: 1 });
    } catch (error) {
      deps.log.warn({ err: error }, 'No se pudo enviar un aviso de cambio de concierto');
      await markDelivery(deps.db, deliveryId, {
        status: 'failed',
        attempts: 1,
        last_error: String(error).slice(0, 500),
      }).catch(() => undefined);
    }
  });
}
