// The server's texts (page heads, error messages, API answers and mails) from the same catalogues
// as the app: one @formatjs/intl formatter per language, made once and shared by every request.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Request } from 'express';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isGenre } from '../../common/genres/genres.js';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import { isLocale, PAGE_LANG_HEADER, type Locale } from '../../common/i18n/locales.js';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  localeOfCookieHeader,
  negotiateLocale,
} from '../../common/i18n/negotiation.js';
import ca from '../../common/i18n/ca.json' with { type: 'json' };
import es from '../../common/i18n/es.json' with { type: 'json' };
import serverCa from '../../common/i18n/server/ca.json' with { type: 'json' };
import serverEs from '../../common/i18n/server/es.json' with { type: 'json' };

/** The pages' texts and the server's own, per language. */
const CATALOGUES: Record<Locale, Record<ServerMessageId, string>> = {
  es: { ...es, ...serverEs },
  ca: { ...ca, ...serverCa },
};
const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

export function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: 'es', messages: CATALOGUES[locale] }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

export type ServerTranslate = (
  id: ServerMessageId,
  values?: Record<string, string | number>,
) => string;

/** A genre in the reader's language (the product's genres; anything else as it is). */
export const genreIn = (t: ServerTranslate, genre: string) =>
  isGenre(genre) ? t(`genre.${genre}`) : genre;

/**
 * The title of a concert with neither bands nor a name of its own, as the server's texts word it:
 * 'Concierto de rock'. The fallback of common/concerts/display.ts `concertTitle` in the calendar
 * files and feeds, the mails, the admin's feedback and the data export.
 */
export const untitledOfGenre = (t: ServerTranslate, genre: string) =>
  t('weekly.untitled', { genre: genreIn(t, genre) });

/** Whether a text is one of the catalogues' ids (an error's message may still be a plain text). */
export const isMessageId = (text: string): text is ServerMessageId =>
  Object.hasOwn(CATALOGUES.es, text);

/** `t(id, values)` in this language. */
export const textsIn =
  (locale: Locale): ServerTranslate =>
  (id, values) =>
    intlFor(locale).formatMessage({ id }, values);

/** `?lang=` of a request's address, if any. */
export function askedLocale(url: string): string | null {
  const query = url.split('?')[1];
  return query ? new URLSearchParams(query).get('lang') : null;
}

/**
 * A page asked with `?lang=` remembers that language in the `lang` cookie, as the switch does with
 * JavaScript: without it (or tapped before the app is ready) the switch is a plain link, and the
 * next page would be in the old language again. Crawlers keep no cookies, so their pages stay.
 */
export function rememberAskedLocale(req: IncomingMessage, res: ServerResponse): void {
  const asked = askedLocale((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
  if (!isLocale(asked) || localeOfCookieHeader(req.headers.cookie) === asked) return;
  res.appendHeader(
    'Set-Cookie',
    `${LOCALE_COOKIE}=${asked}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`,
  );
}

const PAGE_LANG = PAGE_LANG_HEADER.toLowerCase();

/**
 * The language the page that made an API call was read in (the app's X-Page-Lang), which counts
 * as that call's `?lang=`. Only under /api: a page's own address decides its language, so a page
 * (kept per address and language, and cached by browsers per Cookie and Accept-Language) never
 * depends on it.
 */
function callingPageLocale(url: string, headers: IncomingHttpHeaders): string | undefined {
  if (!url.startsWith('/api/')) return undefined;
  const value = headers[PAGE_LANG];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The language of a page for this request: `?lang=` (or, for an API call, the language of the
 * page that made it), the fan's saved choice, the `lang` cookie, Accept-Language, Spanish
 * (common/i18n/negotiation.ts). `url` is the path and query as asked.
 */
export function requestLocale(
  url: string,
  headers: IncomingHttpHeaders,
  saved?: string | null,
): Locale {
  return negotiateLocale({
    asked: askedLocale(url) ?? callingPageLocale(url, headers),
    saved,
    cookieHeader: headers.cookie,
    acceptLanguage: headers['accept-language'],
  });
}

/** A bare address, or one whose only query is a language (`?lang=ca`): a visitor's kept page. */
export const isKeptAddress = (url: string) => !url.includes('?') || /\?lang=(es|ca)$/.test(url);

/** The language of the answer to a request: the page's language for this reader. */
export const readerLocale = (req: Request): Locale =>
  requestLocale(req.originalUrl, req.headers, req.user?.locale);

/** `t(id, values)` in the language of the answer to this request. */
export const textsFor = (req: Request): ServerTranslate => textsIn(readerLocale(req));
