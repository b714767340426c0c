// The message formatter, in a chunk of its own: react-intl's createIntl over a catalogue whose
// messages the build already parsed (vite.config.ts `catalogues()`), so no ICU parser is shipped.
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Locale } from '@common/i18n/locales';
import type { CompiledCatalogue } from 'virtual:catalogue/es';

const cache = createIntlCache();

const CATALOGUES = {
  es: () => import('virtual:catalogue/es'),
  ca: () => import('virtual:catalogue/ca'),
} satisfies Record<Locale, unknown>;

/** The language's catalogue, in a chunk of its own. */
export const loadCatalogue = async (locale: Locale) => (await CATALOGUES[locale]()).default;

export function createAppIntl(locale: Locale, messages: CompiledCatalogue): IntlShape {
  return createIntl({ locale, defaultLocale: 'es', messages }, cache);
}
