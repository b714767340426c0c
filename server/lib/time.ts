// "Today" and "now" for the product are always those of Mallorca, whatever the server's timezone.
export const TIME_ZONE = 'Europe/Madrid';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// Intl formatting costs more than the rest of a cached agenda request; results have one-second
// precision, so the last second's answer is kept.
let lastSecond = NaN;
let lastResult = { day: '', time: '' };

/** The wall-clock date (yyyy-MM-dd) and time (HH:mm:ss) in Europe/Madrid of an instant. */
export function madridDateTime(instant: Date): { day: string; time: string } {
  const second = Math.floor(instant.getTime() / 1000);
  if (second !== lastSecond) {
    lastResult = formatMadrid(instant);
    lastSecond = second;
  }
  return { ...lastResult };
}

function formatMadrid(instant: Date): { day: string; time: string } {
  const parts = Object.fromEntries(
    partsFormatter.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** Adds whole days to a yyyy-MM-dd calendar date. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A Mallorca wall-clock day and time as an ISO 8601 date-time with its UTC offset, for
 * schema.org's startDate: '2026-03-29T21:00:00+02:00'. A time the spring change skips is given
 * the winter offset; an hour the autumn change repeats, its first (summer) occurrence.
 */
export function madridIsoWithOffset(day: string, time: string): string {
  const hhmmss = time.length === 5 ? `${time}:00` : time.slice(0, 8);
  const wall = Date.parse(`${day}T${hhmmss}Z`);
  for (const hours of [2, 1]) {
    const parts = formatMadrid(new Date(wall - hours * 3_600_000));
    if (parts.day === day && parts.time === hhmmss) return `${day}T${hhmmss}+0${hours}:00`;
  }
  return `${day}T${hhmmss}+01:00`;
}
