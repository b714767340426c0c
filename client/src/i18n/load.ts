// The formatter and the page's language's catalogue: two chunks (the other language's catalogue
// is never downloaded), both preloaded by the server's HTML.
import { DEFAULT_LOCALE, isLocale, type Locale } from '@common/i18n/locales';
import type { AppIntl } from './IntlContext';

/** The language the server wrote the page in (<html lang>); vite's dev server: index.html's. */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

export async function loadIntl(locale: Locale): Promise<AppIntl> {
  const runtime = await import('./runtime');
  return { locale, intl: await runtime.loadPageIntl(locale) };
}
