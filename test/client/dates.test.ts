// The client's date helpers: a calendar day stays the same day whatever the browser's timezone.
import { formatLongDay, parseDay } from '../../client/src/lib/dates';

describe('parseDay', () => {
  it('reads a yyyy-MM-dd day as midday UTC of that day', () => {
    expect(parseDay('2026-11-22')?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(parseDay('2028-02-29')?.toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });

  it.each(['', '2026-11-2', '22/11/2026', '2026-11-22T10:00', ' 2026-11-22', 'mañana'])(
    'refuses the shape %j',
    (day) => expect(parseDay(day)).toBeNull(),
  );

  it.each(['2026-02-29', '2026-04-31', '2026-11-00', '2026-12-32'])(
    'refuses the day that does not exist: %s',
    (day) => expect(parseDay(day)).toBeNull(),
  );

  it.each(['2026-13-01', '2026-00-10'])('refuses the month that does not exist: %s', (day) =>
    expect(parseDay(day)).toBeNull(),
  );
});

describe('formatLongDay', () => {
  it('writes the weekday, day and month in Spanish', () => {
    expect(formatLongDay('es', '2026-11-22')).toBe('domingo, 22 de noviembre');
    expect(formatLongDay('es', '2026-06-14')).toBe('domingo, 14 de junio');
    expect(formatLongDay('es', '2027-01-01')).toBe('viernes, 1 de enero');
  });

  it('keeps the day on both sides of the clock changes in Madrid', () => {
    // Summer time starts on 29 March 2026 and ends on 25 October 2026.
    expect(formatLongDay('es', '2026-03-28')).toBe('sábado, 28 de marzo');
    expect(formatLongDay('es', '2026-03-29')).toBe('domingo, 29 de marzo');
    expect(formatLongDay('es', '2026-10-25')).toBe('domingo, 25 de octubre');
    expect(formatLongDay('es', '2026-10-26')).toBe('lunes, 26 de octubre');
  });

  it('writes them in Catalan for a Catalan reader', () => {
    expect(formatLongDay('ca', '2026-11-22')).toBe('diumenge, 22 de novembre');
    expect(formatLongDay('ca', '2026-08-01')).toBe('dissabte, 1 d’agost');
  });

  it('returns what it cannot read as it came', () => {
    expect(formatLongDay('es', 'pronto')).toBe('pronto');
    expect(formatLongDay('es', '2026-02-30')).toBe('2026-02-30');
  });
});
