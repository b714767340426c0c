// The weekly mail's content, drawn by the one mail template (which escapes every value).
import { concertPrice } from '../../common/concerts/display.js';
import { DEFAULT_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { genreIn, textsIn, untitledOfGenre } from '../i18n/intl.js';
import { mailConcertItem, type MailConcertStyle } from '../mail/concert-item.js';
import { composeMail, type MailContent, type MailImage } from '../mail/mail-template.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { oneClickHeaders } from '../mail/unsubscribe-links.js';
import type { MailConcert } from './matches.repository.js';

export interface WeeklyMailInput {
  to: string;
  name: string | null;
  matches: WeeklyConcert[];
  /** Used when matches is empty: the next concerts of the island. */
  nextConcerts: WeeklyConcert[];
  publicUrl: string;
  unsubscribeUrl: string;
  /** RFC 8058 one-click target: POST here unsubscribes without a page. */
  oneClickUrl: string;
  test: boolean;
  /** The fan's language (Spanish when not chosen). */
  locale?: Locale;
}

/** A concert of the mail, with its picture when it has one (mail-image.ts). */
export type WeeklyConcert = MailConcert & { image?: MailImage };

/** The weekly mail's view of a concert: its bands listed with commas, its genre and price. */
const WEEKLY_CONCERT: MailConcertStyle<WeeklyConcert> = {
  joiner: ', ',
  unnamed: (t, concert) => untitledOfGenre(t, concert.genre),
  date: 'day and hour',
  details: (concert, t, locale) => [
    genreIn(t, concert.genre),
    concertPrice(locale, concert.price, t),
  ],
  scoreLabel: (score) => `weekly.score.${score}`,
};

export function weeklyMail(input: WeeklyMailInput): OutgoingMail {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = textsIn(locale);
  const myConcerts = `${input.publicUrl}/myconcerts`;
  const hasMatches = input.matches.length > 0;
  const concerts = hasMatches ? input.matches : input.nextConcerts;
  const subject = `${input.test ? t('weekly.testPrefix') : ''}${
    hasMatches ? t('weekly.subject') : t('weekly.subjectNext')
  }`;
  const content: MailContent = {
    locale,
    title: input.name ? t('weekly.hello', { name: input.name }) : t('weekly.helloAnonymous'),
    lines: [hasMatches ? t('weekly.matches') : t('weekly.noMatches')],
    concerts: concerts.map((concert) =>
      mailConcertItem(concert, WEEKLY_CONCERT, locale, input.publicUrl),
    ),
    closing: [hasMatches ? t('weekly.closingMatches') : t('weekly.closingNoMatches')],
    action: { label: t('weekly.action'), url: myConcerts, textLabel: t('weekly.actionText') },
    links: hasMatches
      ? []
      : [
          {
            label: t('weekly.updateGenres'),
            url: `${input.publicUrl}/profile`,
            textLabel: t('weekly.profileText'),
          },
        ],
    footer: {
      reason: t('weekly.reason'),
      unsubscribe: {
        label: t('weekly.unsubscribe'),
        url: input.unsubscribeUrl,
        textLabel: t('weekly.unsubscribeText'),
      },
    },
  };
  return composeMail(input.to, subject, content, oneClickHeaders(input.oneClickUrl));
}
