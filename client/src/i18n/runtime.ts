// The message formatter, in a chunk of its own: react-intl's createIntl over a catalogue whose
// messages the build already parsed (vite.config.ts `catalogues()`), so no ICU parser is shipped.
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Locale } from '@common/i18n/locales';
import type { CompiledCatalogue } from 'virtual:catalogue/es';

const cache = createIntlCache();

export function createAppIntl(locale: Locale, messages: CompiledCatalogue): IntlShape {
  return createIntl({ locale, defaultLocale: 'es', messages }, cache);
}
