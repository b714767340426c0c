// The message formatter, in a chunk of its own: format.ts over a catalogue whose messages the
// build already parsed (vite.config.ts `catalogues()`), so no ICU parser is shipped.
import { ADMIN_PAGES } from '@common/i18n/catalogues';
import type { Locale } from '@common/i18n/locales';
import type { CompiledCatalogue } from 'virtual:catalogue/es';
import type { Formatter } from './IntlContext';
import { formatElements, type FormatValues } from './format';

/** As react-intl's built for production: a missing text or value shows its id, and no more. */
const ignore = () => undefined;

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
  onError: (error: Error) => void = ignore,
): Formatter {
  const formatMessage = ({ id }: { id: string }, values?: FormatValues) => {
    const message = Object.prototype.hasOwnProperty.call(messages, id) ? messages[id] : undefined;
    if (!message) {
      onError(new Error(`Missing message: "${id}" for locale "${locale}", using id as fallback.`));
      return id;
    }
    try {
      return formatElements(message, locale, values);
    } catch (error) {
      onError(new Error(`Error formatting message: "${id}"`, { cause: error }));
      return id;
    }
  };
  return { locale, messages, formatMessage: formatMessage as Formatter['formatMessage'] };
}

/**
 * The formatter the browser's page starts with: on an admin page, with the admin's texts too (the
 * server's HTML preloads them), so its first render is the server's.
 */
export async function loadPageIntl(locale: Locale): Promise<Formatter> {
  const [messages, admin] = await Promise.all([
    loadCatalogue(locale),
    ADMIN_PAGES.test(window.location.pathname) ? loadAdminCatalogue(locale) : undefined,
  ]);
  return createAppIntl(locale, { ...messages, ...admin });
}
