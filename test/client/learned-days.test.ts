// The days a learned taste came from, as the profile says them
// (client/src/features/profile/shared/learnedDays.ts): each month once, Madrid's calendar day of
// each instant.
import { daysOf } from '../../client/src/features/profile/shared/learnedDays';

describe('daysOf', () => {
  it('says each month once: "12 y 20 de noviembre"', () => {
    expect(daysOf('es', ['2026-11-12T10:00:00Z', '2026-11-20T18:00:00Z'], ' y ')).toBe(
      '12 y 20 de noviembre',
    );
    expect(
      daysOf('es', ['2026-10-28T10:00:00Z', '2026-11-03T10:00:00Z', '2026-11-04T10:00:00Z'], ' y '),
    ).toBe('28 de octubre y 3 y 4 de noviembre');
  });

  it('in Catalan, and by Madrid’s day (23:30 UTC is the next day there)', () => {
    expect(daysOf('ca', ['2026-04-11T23:30:00Z', '2026-04-20T10:00:00Z'], ' i ')).toBe(
      '12 i 20 d’abril',
    );
    expect(daysOf('es', ['2026-11-12T10:00:00Z', '2026-11-12T11:00:00Z'], ' y ')).toBe(
      '12 de noviembre',
    );
  });
});
