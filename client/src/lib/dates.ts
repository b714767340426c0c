import type { Locale } from '@common/i18n/locales';
import { longDayIn } from '@common/format/locale';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A 'yyyy-MM-dd' calendar date as a Date at 12:00 UTC: midday UTC is the same calendar day in
 * Madrid (UTC+1/+2), so formatting never shifts the day whatever the browser's timezone.
 */
export function parseDay(day: string): Date | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [, year, month, date] = match;
  const result = new Date(Date.UTC(Number(year), Number(month) - 1, Number(date), 12));
  // Date.UTC rolls an impossible month or day over into the next one: a day that comes back
  // different was not a real day.
  const real = result.getUTCMonth() === Number(month) - 1 && result.getUTCDate() === Number(date);
  return real ? result : null;
}

/** 'sábado, 22 de noviembre' / 'dissabte, 22 de novembre'. Unparseable input is returned as is. */
export function formatLongDay(locale: Locale, day: string): string {
  const date = parseDay(day);
  return date ? longDayIn(locale, date) : day;
}
