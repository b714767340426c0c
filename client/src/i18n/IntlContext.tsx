// How a component gets its texts: `const t = useText(); t('footer.about')`. The formatter itself
// (react-intl's createIntl, with the language's precompiled catalogue) arrives in a chunk of its
// own (runtime.ts, loaded before hydration by entry-client.tsx), so the landing's first script
// carries only this context.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '@common/i18n/catalogues';
import type { Locale } from '@common/i18n/locales';

export interface AppIntl {
  locale: Locale;
  intl: IntlShape;
}

const IntlContext = createContext<AppIntl | null>(null);
export const AppIntlProvider = IntlContext.Provider;

export function useAppIntl(): AppIntl {
  const value = useContext(IntlContext);
  if (!value) throw new Error('Falta AppIntlProvider');
  return value;
}

export const useLocale = (): Locale => useAppIntl().locale;

export type MessageValues = Record<string, string | number>;
export type Translate<Id extends string = MessageId> = (id: Id, values?: MessageValues) => string;

/** The texts of a formatter's language, for code outside the components (the update offer). */
export const translator =
  <Id extends string = MessageId>(intl: IntlShape): Translate<Id> =>
  (id, values) =>
    intl.formatMessage({ id }, values);

/** The text of a message in the page's language, its placeholders filled (the same function
 * for as long as the language: fit for a hook's dependencies). The admin's own ids: `Id`. */
export function useText<Id extends string = MessageId>(): Translate<Id> {
  const { intl } = useAppIntl();
  return useMemo(() => translator<Id>(intl), [intl]);
}

export type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * A message with markup: its tags (`<link>contacto</link>`) become the elements `values` make of
 * their words, and a placeholder may be an element (`{email}`).
 */
export function useRichText<Id extends string = MessageId>(): (
  id: Id,
  values: RichValues,
) => ReactNode {
  const { intl } = useAppIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}
