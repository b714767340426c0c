// The formatter and the page's language's catalogue: two chunks (the other language's catalogue
// is never downloaded), both preloaded by the server's HTML. The landing brings its own few texts
// in the page instead (`#app-texts`); the rest of the catalogue comes with the page it leads to.
import type { CompiledCatalogue } from 'virtual:catalogue/es';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@common/i18n/locales';
import type { AppIntl } from './IntlContext';

/** The language the server wrote the page in (<html lang>); vite's dev server: index.html's. */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The texts the server wrote into the page (the landing's), or null: the page has none. */
function textsInPage(): CompiledCatalogue | null {
  const text = document.getElementById('app-texts')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as CompiledCatalogue;
  } catch (error) {
    console.error('Los textos de la página no son JSON válido', error);
    return null;
  }
}

/** The language whose whole catalogue is still to load: the page started with its own texts. */
let partOf: Locale | undefined;
let allTexts: Promise<AppIntl | null> | undefined;
let loaded: AppIntl | undefined;
const listeners = new Set<(intl: AppIntl) => void>();

export async function loadIntl(locale: Locale): Promise<AppIntl> {
  const runtime = await import('./runtime');
  const inPage = textsInPage();
  if (!inPage) return { locale, intl: await runtime.loadPageIntl(locale) };
  partOf = locale;
  const intl = runtime.createAppIntl(locale, inPage, (error) => {
    // A text the build did not see the landing name: the whole catalogue, and the app again.
    console.error(error);
    void loadAllTexts();
  });
  return { locale, intl };
}

/**
 * The formatter with the whole catalogue, once the page started with only its own texts (null
 * when it had them all): the app renders with it from then on (`onAllTexts`).
 */
export function loadAllTexts(): Promise<AppIntl | null> {
  const locale = partOf;
  if (!locale) return allTexts ?? Promise.resolve(null);
  return (allTexts ??= import('./runtime')
    .then(async (runtime) => {
      const all = {
        locale,
        intl: runtime.createAppIntl(locale, await runtime.loadCatalogue(locale)),
      };
      partOf = undefined;
      loaded = all;
      listeners.forEach((listener) => listener(all));
      return all;
    })
    .catch((error: unknown) => {
      allTexts = undefined; // a failed load may be tried again
      throw error;
    }));
}

/** Calls `listener` with the whole catalogue's formatter when it replaces the page's texts. */
export function onAllTexts(listener: (intl: AppIntl) => void): () => void {
  if (loaded) listener(loaded);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
