// How the panel says moments, days and durations, in the page's language and Madrid's time (Intl:
// the admin's data is read after hydration, so no server render has to match it).
import { useMemo } from 'react';
import { INTL_LOCALES } from '@common/format/locale';
import { useLocale } from '@/i18n/IntlContext';
import { parseDay } from '@/lib/dates';
import { useAdminText } from './texts';

const IN_MADRID = { timeZone: 'Europe/Madrid' } as const;

export function useAdminFormats() {
  const locale = useLocale();
  const t = useAdminText();
  return useMemo(() => {
    const intlLocale = INTL_LOCALES[locale];
    const format = (options: Intl.DateTimeFormatOptions) => {
      const formatter = new Intl.DateTimeFormat(intlLocale, options);
      return (date: Date) => formatter.format(date);
    };
    const moment = format({ dateStyle: 'medium', timeStyle: 'short', ...IN_MADRID });
    const shortMoment = format({ dateStyle: 'short', timeStyle: 'short', ...IN_MADRID });
    const logged = format({ dateStyle: 'short', timeStyle: 'medium', ...IN_MADRID });
    const day = format({ dateStyle: 'medium', timeZone: 'UTC' });
    return {
      /** '26 nov 2026, 21:05'. */
      moment: (iso: string) => moment(new Date(iso)),
      /** '26/11/26, 21:05'. */
      shortMoment: (iso: string) => shortMoment(new Date(iso)),
      /** '26/11/26, 21:05:03', the change log's. */
      logged: (iso: string) => logged(new Date(iso)),
      /** A 'yyyy-MM-dd' day: '26 nov 2026'; unparseable input as it is. */
      day: (value: string) => {
        const date = parseDay(value);
        return date ? day(date) : value;
      },
      /** The browser's own day and time ('26/11/2026, 21:05:03'). */
      local: (iso: string) => new Date(iso).toLocaleString(intlLocale),
      /** '42 s', '3 min 5 s', '1 h 2 min'. */
      duration: (seconds: number) => {
        if (seconds < 60) return t('admin.duration.seconds', { seconds });
        const minutes = Math.floor(seconds / 60);
        if (minutes < 60) return t('admin.duration.minutes', { minutes, seconds: seconds % 60 });
        return t('admin.duration.hours', {
          hours: Math.floor(minutes / 60),
          minutes: minutes % 60,
        });
      },
    };
  }, [locale, t]);
}

export type AdminFormats = ReturnType<typeof useAdminFormats>;
