// The artist alert mail: first what it says, as plain data (alertMailData), then that data in the
// mails' one template (alertMail).
import { concertDay, concertPathOf, concertTitle } from '../../common/concerts/display.js';
import { savedLocale, type Locale } from '../../common/i18n/locales.js';
import { textsIn, type ServerTranslate } from '../i18n/intl.js';
import { composeMail, type MailImage } from '../mail/mail-template.js';
import type { OutgoingMail } from '../mail/mailer.js';
import type { AlertConcertRow } from './alerts.repository.js';

export interface AlertMailConcert {
  title: string;
  /** "sábado, 14 de junio a las 21:00" */
  when: string;
  venue: string;
  /** "🔥🔥🔥 Encaje muy alto", or null while the fan's score is not there. */
  score: string | null;
  reason: string | null;
  url: string;
  image?: MailImage;
}

export interface AlertMailData {
  to: string;
  /** The fan's language. */
  locale: Locale;
  subject: string;
  title: string;
  intro: string[];
  concerts: AlertMailConcert[];
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

function concertOf(
  row: AlertConcertRow & { image?: MailImage },
  publicUrl: string,
  locale: Locale,
): AlertMailConcert {
  const t = textsIn(locale);
  const named = { ...row, bands: row.band_names, name: row.bandname };
  return {
    title: concertTitle(named, { unnamed: () => t('concert.unnamed') }),
    when: t('weekly.when', { day: concertDay(locale, row.day), hour: row.hour }),
    venue: row.venue,
    score: row.score ? t(`filters.score.${row.score}`) : null,
    reason: row.reason,
    url: `${publicUrl}${concertPathOf(named)}`,
    ...(row.image ? { image: row.image } : {}),
  };
}

const hello = (t: ServerTranslate, name: string | null) =>
  name ? t('weekly.hello', { name }) : t('weekly.helloAnonymous');

/** What the mail says, in the fan's language; `concerts` is never empty. */
export function alertMailData(input: AlertMailInput): AlertMailData {
  const locale = savedLocale(input.locale);
  const t = textsIn(locale);
  const concerts = input.concerts.map((row) => concertOf(row, input.publicUrl, locale));
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
      concerts: data.concerts.map((concert) => ({
        title: concert.title,
        date: concert.when,
        venue: concert.venue,
        url: concert.url,
        ...(concert.image ? { image: concert.image } : {}),
        ...(concert.score ? { score: { label: concert.score, reason: concert.reason } } : {}),
      })),
      action: data.action,
      footer: { reason: data.footer.join(' '), unsubscribe: { label, url } },
    },
    {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  );
}
