// How a concert is shown wherever it appears (the app, its pages' heads, the mails, the calendar
// files, the admin): its names, its title, its day, its price and its page's address. Each surface
// words a concert without a name its own way and speaks its reader's language, so the words come in
// as parameters (a translate function, or the fallback itself): nothing here imports a catalogue.
import { eurosIn, longDayIn } from '../format/locale.js';
import type { Locale } from '../i18n/locales.js';
import { concertPath } from './page-address.js';

/**
 * What names a concert: its bands in the order shown (names, or the API's bands with their names)
 * and its own free name.
 */
export interface NamedConcert {
  bands: readonly (string | { name: string })[];
  name: string | null;
}

/** Between band names, as the cards show them: 'Banda A + Banda B'. */
export const BAND_JOINER = ' + ';

const nameOfBand = (band: string | { name: string }) =>
  typeof band === 'string' ? band : band.name;

/** The names a concert is shown by: its bands, else its free name (a blank one is none), else none. */
export function concertNames(concert: NamedConcert): string[] {
  if (concert.bands.length > 0) return concert.bands.map(nameOfBand);
  const name = concert.name?.trim();
  return name ? [name] : [];
}

export interface TitleWords {
  /** The title of a concert with neither bands nor a name: 'Concierto', 'Concierto de rock'. */
  unnamed: () => string;
  /** Between band names; BAND_JOINER unless said (the weekly mail lists them with ', '). */
  joiner?: string;
}

/** 'Banda A + Banda B', else the concert's own name, else the surface's word for no name. */
export function concertTitle(concert: NamedConcert, words: TitleWords): string {
  const names = concertNames(concert);
  return names.length > 0 ? names.join(words.joiner ?? BAND_JOINER) : words.unnamed();
}

/**
 * 'sábado, 14 de junio' ('sábado, 14 de junio de 2026' with `withYear`) for a yyyy-MM-dd day, in
 * the reader's language. Formatted at noon UTC, which never shifts the date.
 */
export const concertDay = (locale: Locale, day: string, withYear = false) =>
  longDayIn(locale, new Date(`${day}T12:00:00Z`), withYear);

/**
 * 'Gratis' for 0 (a price of 0 means free), 'Precio por confirmar' for an unknown one (null: never
 * free), else euros as the reader writes them: '12,50 €'.
 */
export const concertPrice = (
  locale: Locale,
  price: string | null,
  t: (id: 'price.free' | 'price.unknown') => string,
) =>
  price === null
    ? t('price.unknown')
    : Number(price) === 0
      ? t('price.free')
      : eurosIn(locale, Number(price));

/** '/conciertos/<id>-<slug>': the concert's own page, its slug from its names, venue and day. */
export const concertPathOf = (concert: NamedConcert & { id: number; venue: string; day: string }) =>
  concertPath(concert.id, { bands: concertNames(concert), venue: concert.venue, day: concert.day });
