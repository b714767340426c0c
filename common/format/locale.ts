// Days and prices in the reader's language, written by hand (spanish.ts, catalan.ts).
import type { Locale } from '../i18n/locales.js';
import { catalanEuros, catalanLongDay } from './catalan.js';
import { spanishEuros, spanishLongDay } from './spanish.js';

const LONG_DAY: Record<Locale, (date: Date, withYear?: boolean) => string> = {
  es: spanishLongDay,
  ca: catalanLongDay,
};
const EUROS: Record<Locale, (amount: number) => string> = { es: spanishEuros, ca: catalanEuros };

export const longDayIn = (locale: Locale, date: Date, withYear = false) =>
  LONG_DAY[locale](date, withYear);

export const eurosIn = (locale: Locale, amount: number) => EUROS[locale](amount);

/** Each language's name for Intl (dates and numbers behind a click, and the server's). */
export const INTL_LOCALES: Record<Locale, string> = { es: 'es-ES', ca: 'ca-ES' };
