// A concert as a mail shows it (the weekly mail, the artist alert, the reminder): its title, its
// date line, its venue and details, its picture, the fan's score and its page, for the one mail
// template. One builder; each mail says in its style what it shows.
import {
  BAND_JOINER,
  concertDay,
  concertPathOf,
  concertTitle,
} from '../../common/concerts/display.js';
import type { Score } from '../../common/genres/genres.js';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import type { Locale } from '../../common/i18n/locales.js';
import { textsIn, type ServerTranslate } from '../i18n/intl.js';
import type { MailConcertItem, MailImage } from './mail-template.js';

/** What every mail reads of a concert; a mail's style may read more of its own rows. */
export interface MailConcertRow {
  id: number;
  /** yyyy-MM-dd and HH:mm, Europe/Madrid. */
  day: string;
  hour: string;
  venue: string;
  bandname: string | null;
  band_names: string[];
  /** The fan's score of it, when the mail has one. */
  score?: Score | null;
  reason?: string | null;
  image?: MailImage;
}

export interface MailConcertStyle<Row extends MailConcertRow> {
  /** The title of a concert with neither bands nor a name of its own. */
  unnamed: (t: ServerTranslate, row: Row) => string;
  /** Between band names in the title (BAND_JOINER unless said). */
  joiner?: string;
  /**
   * The date line: the day and the hour ('sábado, 14 de junio a las 21:00'), or the hour alone
   * (a mail about one day, named above).
   */
  date: 'day and hour' | 'hour';
  /** Shown after the venue (genre, price...); nothing when absent. */
  details?: (row: Row, t: ServerTranslate, locale: Locale) => string[];
  /** The words of the fan's score, when the mail shows it. */
  scoreLabel?: (score: NonNullable<Row['score']>) => ServerMessageId;
}

/** The concert's item in a mail in `locale`, its page on `publicUrl`. */
export function mailConcertItem<Row extends MailConcertRow>(
  row: Row,
  style: MailConcertStyle<Row>,
  locale: Locale,
  publicUrl: string,
): MailConcertItem {
  const t = textsIn(locale);
  const concert = {
    id: row.id,
    venue: row.venue,
    day: row.day,
    bands: row.band_names,
    name: row.bandname,
  };
  const scoreLabel = row.score ? style.scoreLabel?.(row.score) : undefined;
  return {
    title: concertTitle(concert, {
      unnamed: () => style.unnamed(t, row),
      joiner: style.joiner ?? BAND_JOINER,
    }),
    date:
      style.date === 'hour'
        ? row.hour
        : t('weekly.when', { day: concertDay(locale, row.day), hour: row.hour }),
    venue: row.venue,
    ...(style.details ? { details: style.details(row, t, locale) } : {}),
    ...(row.image ? { image: row.image } : {}),
    ...(scoreLabel ? { score: { label: t(scoreLabel), reason: row.reason } } : {}),
    url: `${publicUrl}${concertPathOf(concert)}`,
  };
}
