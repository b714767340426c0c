// The days a learned taste came from, as a sentence says them: '12 y 20 de noviembre', '28 de
// octubre y 3 de noviembre' ('12 i 20 de novembre' in Catalan). After hydration only (Intl).
import type { Locale } from '@common/i18n/locales';
import { OF_MONTHS as CATALAN_MONTHS } from '@common/format/catalan';
import { MONTHS } from '@common/format/spanish';

const ofMonth = (locale: Locale, month: number) =>
  locale === 'ca' ? CATALAN_MONTHS[month]! : `de ${MONTHS[month]!}`;

/** The Madrid calendar day of an instant, as [month, day]. */
function madridDay(iso: string): [number, number] {
  const [, month, day] = new Date(iso)
    .toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' })
    .split('-')
    .map(Number);
  return [month! - 1, day!];
}

/** The days of these instants in order, each month said once; `and` joins the last two parts. */
export function daysOf(locale: Locale, instants: string[], and: string): string {
  const byMonth: { month: number; days: number[] }[] = [];
  for (const [month, day] of instants.map(madridDay)) {
    const last = byMonth[byMonth.length - 1];
    if (last?.month === month) {
      if (!last.days.includes(day)) last.days.push(day);
    } else byMonth.push({ month, days: [day] });
  }
  const list = (items: string[]) =>
    items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
  return list(
    byMonth.map(({ month, days }) => `${list(days.map(String))} ${ofMonth(locale, month)}`),
  );
}
