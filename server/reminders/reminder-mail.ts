// The pre-show reminder: first what it says, as plain data (reminderMailData), then that data in
// the mails' one template (reminderMail).
import { concertDay, concertPrice } from '../../common/concerts/display.js';
import { savedLocale, type Locale } from '../../common/i18n/locales.js';
import { textsIn, untitledOfGenre } from '../i18n/intl.js';
import { mailConcertItem, type MailConcertStyle } from '../mail/concert-item.js';
import { composeMail, type MailConcertItem, type MailImage } from '../mail/mail-template.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { oneClickHeaders } from '../mail/unsubscribe-links.js';
import type { ReminderConcertRow } from './reminders.repository.js';

export interface ReminderMailData {
  to: string;
  name: string | null;
  /** The fan's language. */
  locale: Locale;
  /** yyyy-MM-dd, Madrid: tomorrow, the day of the concerts. */
  day: string;
  /** At least one, by time. */
  concerts: MailConcertItem[];
  urls: { concerts: string; profile: string };
  /** The reminders' own unsubscribe links: the footer's page and the one-click header's. */
  unsubscribe: { url: string; oneClickUrl: string };
}

/** The reminder's view of a concert: its hour (the day is the mail's) and its price. */
const REMINDER_CONCERT: MailConcertStyle<ReminderConcertRow & { image?: MailImage }> = {
  unnamed: (t, row) => untitledOfGenre(t, row.genre),
  date: 'hour',
  details: (row, t, locale) => [concertPrice(locale, row.price, t)],
};

export function reminderMailData(
  fan: { to: string; name: string | null; locale?: string | null },
  day: string,
  rows: (ReminderConcertRow & { image?: MailImage })[],
  publicUrl: string,
  unsubscribe: { url: string; oneClickUrl: string },
): ReminderMailData {
  const locale = savedLocale(fan.locale);
  return {
    to: fan.to,
    name: fan.name,
    locale,
    day,
    concerts: rows.map((row) => mailConcertItem(row, REMINDER_CONCERT, locale, publicUrl)),
    urls: { concerts: `${publicUrl}/myconcerts`, profile: `${publicUrl}/profile` },
    unsubscribe,
  };
}

export function reminderMail(data: ReminderMailData): OutgoingMail {
  const { locale } = data;
  const t = textsIn(locale);
  const [first] = data.concerts;
  const one = data.concerts.length === 1 && first;
  const subject = one
    ? t('reminder.subjectOne', { title: first.title })
    : t('reminder.subjectMany', { count: data.concerts.length });
  const day = concertDay(locale, data.day);
  return composeMail(
    data.to,
    subject,
    {
      locale,
      title: one ? t('reminder.titleOne') : subject,
      lines: [
        data.name ? t('weekly.hello', { name: data.name }) : t('weekly.helloAnonymous'),
        t(one ? 'reminder.lineOne' : 'reminder.lineMany', { day }),
      ],
      concerts: data.concerts,
      action: {
        label: t('weekly.action'),
        url: data.urls.concerts,
        textLabel: t('reminder.actionText'),
      },
      footer: {
        reason: t('reminder.reason'),
        unsubscribe: { label: t('reminder.off'), url: data.unsubscribe.url },
      },
    },
    oneClickHeaders(data.unsubscribe.oneClickUrl),
  );
}
