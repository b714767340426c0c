// Days and prices written in Spanish by hand, not with Intl: in a browser the first Intl formatter
// of a page loads ICU's locale data on the main thread before the first card can show. The formats
// are few and fixed; test/spanish-format.test.ts checks them against Intl. The server writes its
// mails and pages with the same functions, so a date reads the same everywhere.

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
/** Month names as Spanish writes them in dates, and in concert addresses (concerts/). */
export const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * 'sábado, 22 de noviembre' ('sábado, 22 de noviembre de 2026' with `withYear`) for a calendar day
 * given as a Date whose UTC date is that day (midday UTC, as the callers build it).
 */
export function spanishLongDay(date: Date, withYear = false): string {
  const day = `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]}`;
  return withYear ? `${day} de ${date.getUTCFullYear()}` : day;
}

/**
 * '12,50 €', '1234,00 €', '12.345,00 €': as Intl's es-ES currency format writes euros (a space that
 * does not break before the sign; thousands grouped from five digits on). Cents are rounded.
 */
export function spanishEuros(amount: number): string {
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+$)/g, '.') : whole;
  return `${amount < 0 ? '-' : ''}${grouped},${cents}\u00a0€`;
}
