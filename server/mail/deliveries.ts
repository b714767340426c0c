import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer, OutgoingMail } from './mailer.js';

/**
 * Records a one-off mail (welcome, password reset) before sending it, then its outcome.
 * A failure is logged and recorded, never thrown: a mail must not break a sign-up.
 */
export async function sendRecordedMail(
  deps: { db: Database; mailer: Mailer; log: Logger },
  delivery: {
    userId: string;
    kind: 'welcome' | 'password_reset' | 'email_verification';
    mail: OutgoingMail;
  },
): Promise<boolean> {
  const { id } = await deps.db
    .insertInto('mail_deliveries')
    .values({ user_id: delivery.userId, kind: delivery.kind, to_email: delivery.mail.to })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await deps.mailer.send(delivery.mail);
    await deps.db
      .updateTable('mail_deliveries')
      .set({ status: 'sent', sent_at: new Date(), attempts: 1 })
      .where('id', '=', id)
      .execute();
    return true;
  } catch (error) {
    deps.log.warn({ err: error, kind: delivery.kind }, 'No se pudo enviar el correo');
    await deps.db
      .updateTable('mail_deliveries')
      .set({ status: 'failed', attempts: 1, last_error: String(error).slice(0, 500) })
      .where('id', '=', id)
      .execute();
    return false;
  }
}
