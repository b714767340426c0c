import { useState } from 'react';
import { LOCALES, LOCALE_NAMES, type Locale } from '@common/i18n/locales';
import { useLocale, useText } from '@/i18n/IntlContext';
import { useSession } from '@/lib/session';

/** «Castellano» / «Català», each name in its own language; the page's own is marked as current. */
export function LanguageSwitch({ className }: { className: string }) {
  const t = useText();
  const current = useLocale();
  const { data } = useSession();
  const [busy, setBusy] = useState(false);
  const choose = (locale: Locale) => {
    setBusy(true);
    // Its code only when someone switches: the page loads again anyway.
    void import('@/i18n/switchLocale')
      .then((module) => module.switchLocale(locale, Boolean(data?.user)))
      .finally(() => setBusy(false));
  };
  return (
    <div role="group" aria-label={t('language.switchLabel')} className={className}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="language-switch__option"
          aria-pressed={locale === current}
          disabled={busy}
          onClick={() => locale !== current && choose(locale)}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </div>
  );
}
