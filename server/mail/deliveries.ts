import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { insertDelivery, markDelivery, type DeliveryKind } from './deliveries.repository.js';
import { mails } from '../lib/metrics.js';
import type { Mailer, OutgoingMail } from './mailer.js';

/**
 * Records a one-off mail (welcome, password reset) before sending it, then its outcome.
 * A failure is logged and recorded, never thrown: a mail must not break a sign-up.
 */
export async function sendRecordedMail(
  deps: { db: Database; mailer: Mailer; log: Logger },
  delivery: { userId: string; kind: DeliveryKind; mail: OutgoingMail },
): Promise<boolean> {
  const id = await insertDelivery(deps.db, {
    userId: delivery.userId,
    kind: delivery.kind,
    toEmail: delivery.mail.to,
  });
  try {
    await deps.mailer.send(delivery.mail);
    mails.inc({ kind: delivery.kind, outcome: 'sent' });
    await markDelivery(deps.db, id, { status: 'sent', attempts: 1 });
    return true;
  } catch (error) {
    mails.inc({ kind: delivery.kind, outcome: 'failed' });
    deps.log.warn({ err: error, kind: delivery.kind }, 'No se pudo enviar el correo');
    await markDelivery(deps.db, id, {
      status: 'failed',
      attempts: 1,
      last_error: String(error).slice(0, 500),
    });
    return false;
  }
}
