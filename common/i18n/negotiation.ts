// How a request picks its language: the fan's saved choice, then the visitor's remembered one (the
// `lang` cookie), then the browser's Accept-Language, then Spanish. An address with `?lang=` (the
// indexable Catalan or Spanish page) is that language whoever asks. Apart from locales.ts, so the
// landing's first script does not carry it.
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.js';

/** The visitor's remembered choice: readable by the page's script, sent to every page. */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** 'ca', 'ca-ES', 'ca-ES-valencia' → 'ca'; 'es-MX' → 'es'; anything else undefined. */
function localeOfTag(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/, 1)[0];
  return isLocale(primary) ? primary : undefined;
}

/**
 * The first of our languages by the browser's preference (q-values honoured, `q=0` refused; equal
 * weights keep the header's order), or undefined when it names none of them.
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { locale: localeOfTag(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.locale && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.locale;
}

/** The `lang` cookie's value in a Cookie header, when it names one of our languages. */
export function localeOfCookieHeader(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === LOCALE_COOKIE) {
      const value = pair.slice(at + 1).trim();
      return isLocale(value) ? value : undefined;
    }
  }
  return undefined;
}

export interface LocaleSources {
  /** `?lang=` of the address. */
  asked?: string | null | undefined;
  /** The signed-in fan's saved choice (null: not chosen). */
  saved?: string | null | undefined;
  cookieHeader?: string | undefined;
  acceptLanguage?: string | undefined;
}

export function negotiateLocale(sources: LocaleSources): Locale {
  if (isLocale(sources.asked)) return sources.asked;
  if (isLocale(sources.saved)) return sources.saved;
  return (
    localeOfCookieHeader(sources.cookieHeader) ??
    localeOfAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}
