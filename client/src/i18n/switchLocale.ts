import { isLocale, type Locale } from '@common/i18n/locales';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '@common/i18n/negotiation';
import { apiFetch } from '@/lib/api';

/**
 * Remembers the choice in the browser (and in a signed-in fan's profile), then loads the page
 * again from the server in that language: its texts, and any data the server wrote in words.
 * An address with `?lang=` keeps its path but drops the parameter, which would outvote the choice.
 */
export async function switchLocale(locale: Locale, signedIn: boolean): Promise<void> {
  if (!isLocale(locale)) return;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  if (signedIn) {
    await apiFetch('/api/profile', { method: 'PATCH', body: { locale } }).catch((error: unknown) =>
      console.error('No se ha podido guardar el idioma en el perfil', error),
    );
  }
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  if (url.href === window.location.href) window.location.reload();
  else window.location.assign(url.href);
}
