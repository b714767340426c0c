// The message formatter, in a chunk of its own: react-intl's createIntl over a catalogue whose
// messages the build already parsed (vite.config.ts `catalogues()`), so no ICU parser is shipped.
import { createIntl, createIntlCache, type IntlConfig, type IntlShape } from 'react-intl';
import { ADMIN_PAGES } from '@common/i18n/catalogues';
import type { Locale } from '@common/i18n/locales';
import type { CompiledCatalogue } from 'virtual:catalogue/es';

const cache = createIntlCache();

const CATALOGUES = {
  es: () => import('virtual:catalogue/es'),
  ca: () => import('virtual:catalogue/ca'),
} satisfies Record<Locale, unknown>;

const ADMIN_CATALOGUES = {
  es: () => import('virtual:catalogue/admin/es'),
  ca: () => import('virtual:catalogue/admin/ca'),
} satisfies Record<Locale, unknown>;

/** The language's catalogue, in a chunk of its own. */
export const loadCatalogue = async (locale: Locale) => (await CATALOGUES[locale]()).default;

/** The admin's texts in the language, a chunk of their own that only the admin's pages fetch. */
export const loadAdminCatalogue = async (locale: Locale) =>
  (await ADMIN_CATALOGUES[locale]()).default;

export function createAppIntl(
  locale: Locale,
  messages: CompiledCatalogue,
  onError?: IntlConfig['onError'],
): IntlShape {
  return createIntl({ locale, defaultLocale: 'es', messages, ...(onError && { onError }) }, cache);
}

/**
 * The formatter the browser's page starts with: on an admin page, with the admin's texts too (the
 * server's HTML preloads them), so its first render is the server's.
 */
export async function loadPageIntl(locale: Locale): Promise<IntlShape> {
  const [messages, admin] = await Promise.all([
    loadCatalogue(locale),
    ADMIN_PAGES.test(window.location.pathname) ? loadAdminCatalogue(locale) : undefined,
  ]);
  return createAppIntl(locale, { ...messages, ...admin });
}
