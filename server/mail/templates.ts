// The account and change-notice mails, in the reader's language (Spanish unless told). Each returns
// subject, plain text and HTML, drawn by the one template.
import { DEFAULT_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { textsIn, type ServerTranslate } from '../i18n/intl.js';
import { composeMail, type MailContent } from './mail-template.js';
import type { OutgoingMail } from './mailer.js';
import { oneClickHeaders } from './unsubscribe-links.js';

/** A mail of a title, paragraphs and at most one button (or anything else the template draws). */
export function simpleMail(to: string, subject: string, content: MailContent): OutgoingMail {
  return composeMail(to, subject, content);
}

const verifyLines = (t: ServerTranslate) => [t('account.verifyLine'), t('account.notYou')];
const verifyAction = (t: ServerTranslate, url: string) => ({
  label: t('account.verifyAction'),
  url,
  textLabel: t('account.verifyTitle'),
});

/**
 * The welcome mail. With `verifyUrl` (an address not verified yet) its button is the verification
 * link, and it says what to do when someone else used the address.
 */
export function welcomeMail(
  to: string,
  publicUrl: string,
  verifyUrl?: string,
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const t = textsIn(locale);
  const concerts = {
    label: t('weekly.action'),
    url: `${publicUrl}/myconcerts`,
    textLabel: t('reminder.actionText'),
  };
  const lines = [t('welcome.thanks'), t('welcome.genres'), t('welcome.weekly')];
  if (verifyUrl) lines.push(...verifyLines(t));
  return simpleMail(to, t('welcome.subject'), {
    locale,
    title: t('welcome.title'),
    lines,
    ...(verifyUrl
      ? { action: verifyAction(t, verifyUrl), links: [concerts] }
      : { action: concerts }),
  });
}

/** A mail in `locale`: `write` gets that language's texts and gives the subject and content. */
export function mailIn(
  to: string,
  locale: Locale,
  write: (t: ServerTranslate) => MailContent & { subject: string },
): OutgoingMail {
  const { subject, ...content } = write(textsIn(locale));
  return simpleMail(to, subject, { locale, ...content });
}

/** The verification link again, asked for from the profile. */
export const emailVerificationMail = (
  to: string,
  verifyUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail =>
  mailIn(to, locale, (t) => ({
    subject: t('account.verifySubject'),
    title: t('account.verifyTitle'),
    lines: verifyLines(t),
    action: verifyAction(t, verifyUrl),
  }));

export const passwordResetMail = (
  to: string,
  resetUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail =>
  mailIn(to, locale, (t) => ({
    subject: t('account.resetSubject'),
    title: t('account.resetTitle'),
    lines: [t('account.resetAsked'), t('account.resetOnce')],
    action: { label: t('account.resetAction'), url: resetUrl, textLabel: t('account.resetText') },
  }));

/** One changed detail of a concert, as the fan reads it. */
export interface ConcertChangeLine {
  label: string;
  before: string;
  after: string;
}

/**
 * A concert the fan liked changed (date, time, venue, price) or was cancelled: one mail per edit,
 * with its own unsubscribe link (the notices alone) in its footer and its one-click header.
 */
export function concertChangeMail(
  to: string,
  concert: { title: string; when: string },
  change: { cancelled: boolean; lines: ConcertChangeLine[] },
  urls: {
    concerts: string;
    profile: string;
    unsubscribe: { url: string; oneClickUrl: string };
  },
  locale: Locale = DEFAULT_LOCALE,
): OutgoingMail {
  const t = textsIn(locale);
  const { title, when } = concert;
  const lines = change.cancelled
    ? [t('notice.cancelledLine', { title, when })]
    : [
        t('notice.changedLine', { title }),
        ...change.lines.map((line) => t('notice.line', { ...line })),
      ];
  const subject = change.cancelled
    ? t('notice.cancelledSubject', { title })
    : t('notice.changedSubject', { title });
  return composeMail(
    to,
    subject,
    {
      locale,
      title: change.cancelled ? t('notice.cancelledTitle') : t('notice.changedTitle'),
      lines,
      action: {
        label: t('weekly.action'),
        url: urls.concerts,
        textLabel: t('reminder.actionText'),
      },
      links: [
        { label: t('notice.profile'), url: urls.profile, textLabel: t('weekly.profileText') },
      ],
      footer: {
        reason: t('notice.reason'),
        unsubscribe: { label: t('notice.off'), url: urls.unsubscribe.url },
      },
    },
    oneClickHeaders(urls.unsubscribe.oneClickUrl),
  );
}
