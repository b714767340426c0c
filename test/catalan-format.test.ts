// The hand-written Catalan days and prices (common/format/catalan.ts) against Intl 'ca', which
// they replace in the browser: every day of seven years, and prices from cents to millions.
import { catalanEuros, catalanLongDay } from '../common/format/catalan';

const options = { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' } as const;
const intlDay = new Intl.DateTimeFormat('ca', options);
const intlDayWithYear = new Intl.DateTimeFormat('ca', { ...options, year: 'numeric' });
const intlEuros = new Intl.NumberFormat('ca', { style: 'currency', currency: 'EUR' });

describe('catalanLongDay', () => {
  it('writes every day of 2024-2030 as Intl does, with and without the year', () => {
    const differences: string[] = [];
    for (let time = Date.UTC(2024, 0, 1, 12); time < Date.UTC(2031, 0, 1); time += 86_400_000) {
      const date = new Date(time);
      if (catalanLongDay(date) !== intlDay.format(date)) differences.push(catalanLongDay(date));
      if (catalanLongDay(date, true) !== intlDayWithYear.format(date)) {
        differences.push(catalanLongDay(date, true));
      }
    }
    expect(differences).toEqual([]);
  });

  it('writes a Saturday in July as Mallorca reads it', () => {
    expect(catalanLongDay(new Date('2026-07-04T12:00:00Z'))).toBe('dissabte, 4 de juliol');
    expect(catalanLongDay(new Date('2026-08-01T12:00:00Z'), true)).toBe(
      'dissabte, 1 d’agost del 2026',
    );
  });
});

describe('catalanEuros', () => {
  it('writes prices as Intl does, from cents to millions', () => {
    const prices = [0, 0.01, 0.5, 1, 9.99, 10, 12.5, 999.99, 1000, 1234.5, 12_345.67, 1_234_567.89];
    for (let cents = 0; cents <= 200_000; cents += 7) prices.push(cents / 100);
    prices.push(-12.5);
    const differences = prices.filter((price) => catalanEuros(price) !== intlEuros.format(price));
    expect(differences).toEqual([]);
  });
});
