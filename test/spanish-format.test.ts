// The hand-written Spanish days and prices (common/format/spanish.ts) against Intl, which they
// replace in the browser: every day of seven years, and prices from cents to millions.
import { spanishEuros, spanishLongDay } from '../common/format/spanish';

const intlDay = new Intl.DateTimeFormat('es-ES', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const intlDayWithYear = new Intl.DateTimeFormat('es-ES', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const intlEuros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

describe('spanishLongDay', () => {
  it('writes every day of 2024-2030 as Intl does, with and without the year', () => {
    const differences: string[] = [];
    for (let time = Date.UTC(2024, 0, 1, 12); time < Date.UTC(2031, 0, 1); time += 86_400_000) {
      const date = new Date(time);
      if (spanishLongDay(date) !== intlDay.format(date)) differences.push(spanishLongDay(date));
      if (spanishLongDay(date, true) !== intlDayWithYear.format(date)) {
        differences.push(spanishLongDay(date, true));
      }
    }
    expect(differences).toEqual([]);
  });

  it('reads the UTC calendar day of the date it is given', () => {
    expect(spanishLongDay(new Date('2026-11-22T12:00:00Z'))).toBe('domingo, 22 de noviembre');
    expect(spanishLongDay(new Date('2027-01-01T12:00:00Z'), true)).toBe(
      'viernes, 1 de enero de 2027',
    );
  });
});

describe('spanishEuros', () => {
  it('writes prices as Intl does, from cents to millions', () => {
    const prices = [0, 0.01, 0.5, 1, 9.99, 10, 12.5, 99.9, 100, 999.99, 1000, 1234.5, 9999.99];
    prices.push(10_000, 12_345.67, 99_999.99, 100_000, 1_234_567.89, 12_345_678.9, -12.5);
    for (let cents = 0; cents <= 200_000; cents += 7) prices.push(cents / 100);
    const differences = prices.filter((price) => spanishEuros(price) !== intlEuros.format(price));
    expect(differences).toEqual([]);
  });

  it('groups thousands only from five digits on, with a no-break space before the sign', () => {
    expect(spanishEuros(1234)).toBe('1234,00\u00a0€');
    expect(spanishEuros(12_345.6)).toBe('12.345,60\u00a0€');
  });
});
