import { useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { LOCALES, LOCALE_NAMES, type Locale } from '@common/i18n/locales';
import { useLocale, useText } from '@/i18n/IntlContext';
import { useSession } from '@/lib/session';

/** A plain click: one with a modifier or another button opens the link as the browser does. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * «Castellano» / «Català», each name in its own language; the page's own is marked as current.
 * Links to this page in that language (`?lang=`, which the server reads first), so they work
 * before the app has loaded; the app remembers the choice instead (cookie, a fan's profile).
 */
export function LanguageSwitch({ className }: { className: string }) {
  const t = useText();
  const current = useLocale();
  const { data } = useSession();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  const choose = (locale: Locale) => {
    setBusy(true);
    // Its code only when someone switches: the page loads again anyway.
    void import('@/i18n/switchLocale')
      .then((module) => module.switchLocale(locale, Boolean(data?.user)))
      .finally(() => setBusy(false));
  };
  const hrefIn = (locale: Locale) => {
    const query = new URLSearchParams(search);
    query.set('lang', locale);
    return `${pathname}?${query.toString()}`;
  };
  return (
    <div role="group" aria-label={t('language.switchLabel')} className={className}>
      {LOCALES.map((locale) => (
        <a
          key={locale}
          href={hrefIn(locale)}
          lang={locale}
          hrefLang={locale}
          className="language-switch__option"
          aria-current={locale === current ? 'true' : undefined}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            if (locale !== current && !busy) choose(locale);
          }}
        >
          {LOCALE_NAMES[locale]}
        </a>
      ))}
    </div>
  );
}
