// The admin's texts (common/i18n/admin/), beside the page's: `const t = useAdminText();
// t('admin.title')`. A page opened at an admin address already has them (the server's formatter
// holds them; the browser's loads them before hydrating, client/src/i18n/runtime.ts); a way in
// from another page fetches them here once, the page waiting meanwhile (Layout's Suspense).
import { use, type ReactNode } from 'react';
import type { CompiledCatalogue } from 'virtual:catalogue/es';
import type { AdminMessageId } from '@common/i18n/catalogues';
import {
  AppIntlProvider,
  useAppIntl,
  useRichText,
  useText,
  type AppIntl,
} from '@/i18n/IntlContext';

/** Any admin id tells whether the page's formatter has them all. */
const PROBE: AdminMessageId = 'admin.title';

const withAdminTexts = new WeakMap<AppIntl, Promise<AppIntl>>();

/** The page's formatter with the admin's texts added (once per page's formatter). */
function adminIntl(page: AppIntl): Promise<AppIntl> {
  let merged = withAdminTexts.get(page);
  if (!merged) {
    // Imported, not bundled: the formatter stays the chunk of its own the pages preload.
    merged = import('@/i18n/runtime').then(async (runtime) => ({
      locale: page.locale,
      intl: runtime.createAppIntl(page.locale, {
        ...(page.intl.messages as CompiledCatalogue),
        ...(await runtime.loadAdminCatalogue(page.locale)),
      }),
    }));
    withAdminTexts.set(page, merged);
  }
  return merged;
}

export function AdminTexts({ children }: { children: ReactNode }) {
  const page = useAppIntl();
  const intl = PROBE in page.intl.messages ? page : use(adminIntl(page));
  return <AppIntlProvider value={intl}>{children}</AppIntlProvider>;
}

export const useAdminText = () => useText<AdminMessageId>();
export const useAdminRichText = () => useRichText<AdminMessageId>();
export type AdminTranslate = ReturnType<typeof useAdminText>;
