// Wall-clock times from any zone to Madrid's, the agenda's only clock.
import { madridDateTime, TIME_ZONE } from '../lib/time.js';

export interface WallClock {
  /** yyyy-MM-dd */
  day: string;
  /** HH:mm, or null for a date without a time. */
  hour: string | null;
}

export interface DateFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export const dayOf = (fields: Pick<DateFields, 'year' | 'month' | 'day'>) =>
  `${pad(fields.year, 4)}-${pad(fields.month)}-${pad(fields.day)}`;

export const hourOf = (fields: Pick<DateFields, 'hour' | 'minute'>) =>
  `${pad(fields.hour)}:${pad(fields.minute)}`;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date (no 31 April), in years a source could mean. */
export function isRealDate(fields: Pick<DateFields, 'year' | 'month' | 'day'>): boolean {
  const { year, month, day } = fields;
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : (DAYS_IN_MONTH[month - 1] ?? 0));
}

/** A real date with a time of day (00:00:00 to 23:59:60). */
export function isRealDateTime(fields: DateFields): boolean {
  const { hour, minute, second } = fields;
  if (![hour, minute, second].every(Number.isInteger)) return false;
  return (
    isRealDate(fields) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 60
  );
}

/** Madrid's wall clock at an instant (milliseconds since the epoch). */
export function madridWallClock(epochMs: number): WallClock {
  const offset = cachedOffset(TIME_ZONE, epochMs);
  if (offset === null) {
    const { day, time } = madridDateTime(new Date(epochMs));
    return { day, hour: time.slice(0, 5) };
  }
  const wall = new Date(epochMs + offset);
  return {
    day: dayOf({
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
    }),
    hour: hourOf({ hour: wall.getUTCHours(), minute: wall.getUTCMinutes() }),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      formatter = null;
    }
    // A feed names few zones; the map stays small unless names are made up, so it is bounded.
    if (formatters.size < 200) formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The IANA zone a TZID names, or null when Intl does not know it. Old Mozilla exports prefix it
 * ('/mozilla.org/20050126_1/Europe/Madrid'), so the last Area/City part is tried too.
 */
export function ianaZone(tzid: string): string | null {
  const name = tzid.trim();
  if (name === '' || name.length > 100) return null;
  if (formatterFor(name)) return name;
  const tail = /([A-Za-z_]+\/[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)?)$/.exec(name)?.[1];
  return tail && formatterFor(tail) ? tail : null;
}

function offsetMs(formatter: Intl.DateTimeFormat, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;
// Intl's answer costs tens of microseconds and a feed asks for the same few hundred days again
// and again: a zone's offset is kept per UTC day, when the day has one offset from start to end.
const dayOffsets = new Map<string, number | null>();

function cachedOffset(zone: string, epochMs: number): number | null {
  const dayIndex = Math.floor(epochMs / DAY_MS);
  const cacheKey = `${zone} ${dayIndex}`;
  let offset = dayOffsets.get(cacheKey);
  if (offset === undefined) {
    const formatter = formatterFor(zone);
    if (!formatter) return null;
    const atStart = offsetMs(formatter, dayIndex * DAY_MS);
    offset = atStart === offsetMs(formatter, (dayIndex + 1) * DAY_MS - 1000) ? atStart : null;
    if (dayOffsets.size >= 20_000) dayOffsets.clear();
    dayOffsets.set(cacheKey, offset);
  }
  return offset;
}

/**
 * Madrid's wall clock for a wall-clock time in an IANA zone. A time the zone's spring change skips
 * is read with the offset before the change; an hour its autumn change repeats, the first time.
 */
export function zonedToMadrid(fields: DateFields, zone: string): WallClock {
  if (zone === TIME_ZONE) return { day: dayOf(fields), hour: hourOf(fields) };
  const formatter = formatterFor(zone);
  const wall = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
  );
  if (!formatter) return { day: dayOf(fields), hour: hourOf(fields) };
  const before = offsetMs(formatter, wall - 86_400_000);
  const after = offsetMs(formatter, wall + 86_400_000);
  // Of the (at most two) offsets around this time, the first that gives back the same wall clock.
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = wall - offset;
    if (offsetMs(formatter, instant) === offset) return madridWallClock(instant);
  }
  return madridWallClock(wall - before);
}
