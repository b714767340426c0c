// iCalendar (RFC 5545) written by hand: a few dozen lines, so no package to audit. Lines end in
// CRLF and are folded at 75 octets without splitting a UTF-8 sequence; TEXT values are escaped.
// Times are Madrid wall-clock times with TZID=Europe/Madrid and the zone's VTIMEZONE, so a concert
// at 21:00 stays at 21:00 on both sides of a daylight-saving change.
import {
  CALENDAR_TIME_ZONE,
  compactLocal,
  DEFAULT_DURATION_HOURS,
} from '../../common/calendar/links.js';

const CRLF = '\r\n';
const MAX_OCTETS = 75;

export interface CalendarEvent {
  /** Stable per concert: calendars replace an event by its UID. */
  uid: string;
  /** yyyy-MM-dd and HH:mm, Europe/Madrid. */
  day: string;
  hour: string;
  summary: string;
  location: string;
  url: string;
  description: string;
  categories: string[];
  /** DTSTAMP: when the concert was added (stable, so an unchanged feed keeps its ETag). */
  stamp: Date;
  geo: { lat: number; lon: number } | null;
  /** Cancelled by an admin: kept, so a subscribed calendar marks it instead of losing it. */
  cancelled: boolean;
}

export interface CalendarDocument {
  name: string;
  description: string;
  /** Feeds tell subscribed apps how often to poll; a single download does not. */
  refreshHours?: number;
  events: CalendarEvent[];
}

// C0 controls but tab, DEL and C1: not allowed in a TEXT value.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g; // eslint-disable-line no-control-regex

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line: at most 75 octets per line, continuation lines start with a space. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return line;
  // Cut the UTF-8 bytes, stepping back off continuation bytes (10xxxxxx) so no sequence splits.
  const bytes = Buffer.from(line, 'utf8');
  const parts: string[] = [];
  let start = 0;
  let limit = MAX_OCTETS;
  while (bytes.length - start > limit) {
    let end = start + limit;
    while (((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.toString('utf8', start, end));
    start = end;
    limit = MAX_OCTETS - 1; // the leading space counts
  }
  parts.push(bytes.toString('utf8', start));
  return parts.join(`${CRLF} `);
}

const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

// Europe/Madrid since 1996 (EU rules): CEST from the last Sunday of March at 02:00 to the last
// Sunday of October at 03:00.
/** Europe/Madrid as a VTIMEZONE block (the import bench writes its feeds with it too). */
export const MADRID_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CALENDAR_TIME_ZONE}`,
  `X-LIC-LOCATION:${CALENDAR_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${CALENDAR_TIME_ZONE}:${compactLocal(event.day, event.hour)}`,
    `DURATION:PT${DEFAULT_DURATION_HOURS}H`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
  ];
  if (event.geo) lines.push(`GEO:${event.geo.lat};${event.geo.lon}`);
  lines.push(
    `URL:${event.url}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.categories.length > 0
      ? [`CATEGORIES:${event.categories.map(escapeText).join(',')}`]
      : []),
    event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  );
  return lines;
}

/** A whole VCALENDAR, CRLF line ends included. */
export function buildCalendar(document: CalendarDocument): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Conciertos Mallorca//Calendario de conciertos//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(document.name)}`,
    `X-WR-CALNAME:${escapeText(document.name)}`,
    `X-WR-CALDESC:${escapeText(document.description)}`,
    `X-WR-TIMEZONE:${CALENDAR_TIME_ZONE}`,
  ];
  if (document.refreshHours !== undefined) {
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:PT${document.refreshHours}H`,
      `X-PUBLISHED-TTL:PT${document.refreshHours}H`,
    );
  }
  lines.push(...MADRID_VTIMEZONE);
  for (const event of document.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
