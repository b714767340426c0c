// The artist alert mail: first what it says, as plain data (alertMailData), then that data in the
// mails' one template (alertMail).
import { savedLocale, type Locale } from '../../common/i18n/locales.js';
import { textsIn, type ServerTranslate } from '../i18n/intl.js';
import { mailConcertItem, type MailConcertStyle } from '../mail/concert-item.js';
import { composeMail, type MailConcertItem, type MailImage } from '../mail/mail-template.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { oneClickHeaders } from '../mail/unsubscribe-links.js';
import type { AlertConcertRow } from './alerts.repository.js';

export interface AlertMailData {
  to: string;
  /** The fan's language. */
  locale: Locale;
  subject: string;
  title: string;
  intro: string[];
  /** Each with the fan's score ("🔥🔥🔥 Encaje muy alto") once there is one. */
  concerts: MailConcertItem[];
  action: { label: string; url: string };
  /** Why the fan gets it and where to choose how often. */
  footer: string[];
  unsubscribe: { label: string; url: string; oneClickUrl: string };
}

export interface AlertMailInput {
  to: string;
  name: string | null;
  /** The fan's saved language (null: Spanish). */
  locale?: string | null;
  concerts: (AlertConcertRow & { image?: MailImage })[];
  publicUrl: string;
  /** The page that asks before unsubscribing from alerts. */
  unsubscribeUrl: string;
  /** RFC 8058 one-click target: POST here turns alerts off without a page. */
  oneClickUrl: string;
}

/** The alert's view of a concert: its day and hour, and the fan's score as the app words it. */
const ALERT_CONCERT: MailConcertStyle<AlertConcertRow & { image?: MailImage }> = {
  unnamed: (t) => t('concert.unnamed'),
  date: 'day and hour',
  scoreLabel: (score) => `filters.score.${score}`,
};

const hello = (t: ServerTranslate, name: string | null) =>
  name ? t('weekly.hello', { name }) : t('weekly.helloAnonymous');

/** What the mail says, in the fan's language; `concerts` is never empty. */
export function alertMailData(input: AlertMailInput): AlertMailData {
  const locale = savedLocale(input.locale);
  const t = textsIn(locale);
  const concerts = input.concerts.map((row) =>
    mailConcertItem(row, ALERT_CONCERT, locale, input.publicUrl),
  );
  const one = concerts.length === 1 ? concerts[0] : undefined;
  return {
    to: input.to,
    locale,
    subject: one
      ? t('alert.subjectOne', { title: one.title })
      : t('alert.subjectMany', { count: concerts.length }),
    title: one ? t('alert.titleOne', { title: one.title }) : t('alert.titleMany'),
    intro: [hello(t, input.name), one ? t('alert.lineOne') : t('alert.lineMany')],
    concerts,
    action: one
      ? { label: t('alert.actionOne'), url: one.url }
      : { label: t('weekly.action'), url: `${input.publicUrl}/myconcerts` },
    footer: [one ? t('alert.reasonOne') : t('alert.reasonMany')],
    unsubscribe: {
      label: t('alert.off'),
      url: input.unsubscribeUrl,
      oneClickUrl: input.oneClickUrl,
    },
  };
}

export function alertMail(data: AlertMailData): OutgoingMail {
  const { label, url, oneClickUrl } = data.unsubscribe;
  return composeMail(
    data.to,
    data.subject,
    {
      locale: data.locale,
      title: data.title,
      lines: data.intro,
      concerts: data.concerts,
      action: data.action,
      footer: { reason: data.footer.join(' '), unsubscribe: { label, url } },
    },
    oneClickHeaders(oneClickUrl),
  );
}
