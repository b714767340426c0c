// Days and prices written in Catalan by hand, as spanish.ts does in Spanish and for the same
// reason (no Intl on the first render); test/catalan-format.test.ts checks them against Intl 'ca'.

const WEEKDAYS = ['diumenge', 'dilluns', 'dimarts', 'dimecres', 'dijous', 'divendres', 'dissabte'];
/** Month names with the preposition as Catalan writes them after a day: 'de juliol', 'd’agost'. */
export const OF_MONTHS = [
  'de gener',
  'de febrer',
  'de març',
  'd’abril',
  'de maig',
  'de juny',
  'de juliol',
  'd’agost',
  'de setembre',
  'd’octubre',
  'de novembre',
  'de desembre',
];

/** 'dissabte, 5 de juliol' ('dissabte, 5 de juliol del 2025' with `withYear`), from the UTC date. */
export function catalanLongDay(date: Date, withYear = false): string {
  const day = `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${OF_MONTHS[date.getUTCMonth()]}`;
  return withYear ? `${day} del ${date.getUTCFullYear()}` : day;
}

/** '12,50 €', '1.234,00 €': as Intl's 'ca' currency format (thousands grouped from four digits). */
export function catalanEuros(amount: number): string {
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${amount < 0 ? '-' : ''}${grouped},${cents}\u00a0€`;
}
