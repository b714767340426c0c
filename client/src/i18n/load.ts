// The formatter and the page's language's catalogue, fetched together (two chunks: the other
// language's catalogue is never downloaded).
import { DEFAULT_LOCALE, isLocale, type Locale } from '@common/i18n/locales';
import type { AppIntl } from './IntlContext';

const CATALOGUES = {
  es: () => import('virtual:catalogue/es'),
  ca: () => import('virtual:catalogue/ca'),
} satisfies Record<Locale, unknown>;

/** The language the server wrote the page in (<html lang>); vite's dev server: index.html's. */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

export async function loadIntl(locale: Locale): Promise<AppIntl> {
  const [runtime, catalogue] = await Promise.all([import('./runtime'), CATALOGUES[locale]()]);
  return { locale, intl: runtime.createAppIntl(locale, catalogue.default) };
}
