// The app's languages. How a request picks one is negotiation.ts; this file is what every page's
// first script needs.

export const LOCALES = ['es', 'ca'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The header every API call of the app carries: the language the page was read in (its
 * `<html lang>`), so a page opened with `?lang=ca` hears the API's errors in Catalan too. The
 * server honours it under /api only (server/i18n/intl.ts), where it counts as `?lang=`.
 */
export const PAGE_LANG_HEADER = 'X-Page-Lang';

/** The names in the language switch, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = { es: 'Castellano', ca: 'Català' };

/** A fan's saved language, Spanish when none (or an unknown one) is saved. */
export const savedLocale = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** A public address in this language: Spanish at its bare address, others with `?lang=`. */
export const addressIn = (url: string, locale: Locale) =>
  locale === DEFAULT_LOCALE ? url : `${url}?lang=${locale}`;
