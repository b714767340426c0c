// The pre-show reminder: from REMINDER_HOUR (Madrid) on, each fan who turned it on gets ONE mail
// about their concerts of tomorrow (the Madrid calendar day after today) that they liked or go
// to. Every instance runs this on a schedule: planReminders writes each fan's delivery once (a
// unique key per fan and day), and claimed-sender.ts sends each one once; a later run retries a
// temporary SMTP failure, and a restart finds what was left pending.
import type { Config } from '../config/config.js';
import { addDays, madridDateTime } from '../lib/time.js';
import { sweepClaimed, type ClaimedKind, type ClaimedSenderDeps } from '../mail/claimed-sender.js';
import { withMailImages } from '../mail/mail-image.js';
import { unsubscribeLinks } from '../mail/unsubscribe-links.js';
import { reminderMail, reminderMailData } from './reminder-mail.js';
import {
  claimReminder,
  findReminderConcerts,
  planReminders,
  type ClaimedReminder,
} from './reminders.repository.js';

export interface ReminderDeps extends ClaimedSenderDeps {
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'reminderHour' | 'dataDir'>;
}

/** Retries wait 1, 2, 4, ... minutes: about two hours of SMTP outage are covered. */
const MAX_REMINDER_ATTEMPTS = 8;

const showReminders = (deps: ReminderDeps): ClaimedKind<ClaimedReminder> => ({
  kind: 'show_reminder',
  maxAttempts: MAX_REMINDER_ATTEMPTS,
  sendFailed: 'No se pudo enviar un recordatorio de concierto',
  claim: claimReminder,
  compose: async (trx, reminder, now) => {
    if (reminder.show_reminders !== true || !reminder.user_id) {
      return { skip: 'recordatorio desactivado' };
    }
    if (reminder.reminder_day <= madridDateTime(now).day) return { skip: 'día ya pasado' };
    // Read now, not when planned: a concert cancelled or unliked since then is left out.
    const found = await findReminderConcerts(trx, reminder.user_id, reminder.reminder_day);
    if (found.length === 0) return { skip: 'sin conciertos ese día' };
    const rows = await withMailImages(deps.config, found);
    const fan = { to: reminder.to_email, name: reminder.name, locale: reminder.locale };
    const unsubscribe = unsubscribeLinks(deps.config, reminder.user_id, 'reminders', now);
    return reminderMail(
      reminderMailData(fan, reminder.reminder_day, rows, deps.config.publicUrl, unsubscribe),
    );
  },
});

/**
 * One run: from the reminder hour on, writes the reminders about tomorrow still missing, then
 * sends every reminder due. Returns how many were sent.
 */
export async function sendShowReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.clock();
  const today = madridDateTime(now);
  if (Number(today.time.slice(0, 2)) >= deps.config.reminderHour) {
    await planReminders(deps.db, addDays(today.day, 1), now);
  }
  return (await sweepClaimed(deps, showReminders(deps))).sent;
}
