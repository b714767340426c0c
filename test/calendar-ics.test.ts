// The hand-written iCalendar and RSS writers: folding, escaping, CRLF, and what a real iCalendar
// parser (ical.js) reads back, Madrid times across both daylight-saving changes included.
import ICAL from 'ical.js';
import { googleCalendarUrl, genreOfSlug, genreSlug } from '../common/calendar/links.js';
import { GENRES } from '../common/genres/genres.js';
import { buildCalendar, escapeText, foldLine, type CalendarEvent } from '../server/calendar/ics.js';
import { buildRss, escapeXml } from '../server/calendar/rss.js';
import { urlForLog } from '../server/lib/log-url.js';

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'concierto-7@conciertos.example',
  day: '2030-06-01',
  hour: '21:30',
  summary: 'Sa Fosca + Tramuntana',
  location: 'Es Gremi, Carrer del Gremi 16, Palma',
  url: 'https://conciertos.example/conciertos/7',
  description: 'Rock; con invitados, y más\nSegunda línea \\ fin',
  categories: ['Rock'],
  stamp: new Date('2030-01-02T03:04:05.678Z'),
  geo: { lat: 39.58, lon: 2.65 },
  cancelled: false,
  ...over,
});

/** Parses an ICS document, registering its VTIMEZONEs as a calendar app does. */
function parseCalendar(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return { root, events: root.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

/** Madrid's offset from UTC at an instant, in ms, by the platform's own tz database. */
function madridOffset(instant: Date): number {
  const inMadrid = new Date(instant.toLocaleString('en-US', { timeZone: 'Europe/Madrid' }));
  const asUtc = new Date(instant.toLocaleString('en-US', { timeZone: 'UTC' }));
  return inMadrid.getTime() - asUtc.getTime();
}

/** The UTC instant of a Madrid wall-clock time (the offset is looked up at the answer itself). */
function madridInstant(day: string, hour: string): Date {
  const wall = new Date(`${day}T${hour}:00Z`).getTime();
  const first = wall - madridOffset(new Date(wall));
  return new Date(wall - madridOffset(new Date(first)));
}

describe('ICS writer', () => {
  it('escapes TEXT values and drops control characters', () => {
    expect(escapeText('a,b;c\\d\r\ne\nf\u0007')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 sequence', () => {
    const line = `DESCRIPTION:${'ñ'.repeat(100)}€🔥${'x'.repeat(80)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const [index, part] of physical.entries()) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      // Every physical line is valid UTF-8 on its own: no replacement character when decoded.
      expect(Buffer.from(part).toString('utf8')).not.toContain('\ufffd');
    }
    expect(physical.map((part, index) => (index > 0 ? part.slice(1) : part)).join('')).toBe(line);
  });

  it('writes CRLF lines only, with a VTIMEZONE and every required property', () => {
    const ics = buildCalendar({ name: 'Prueba', description: 'd', events: [event()] });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { root, events } = parseCalendar(ics);
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    expect(root.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(
      'Europe/Madrid',
    );
    const [parsed] = events;
    expect(parsed?.uid).toBe('concierto-7@conciertos.example');
    expect(parsed?.summary).toBe('Sa Fosca + Tramuntana');
    expect(parsed?.location).toBe('Es Gremi, Carrer del Gremi 16, Palma');
    expect(parsed?.description).toBe('Rock; con invitados, y más\nSegunda línea \\ fin');
    expect(parsed?.component.getFirstPropertyValue('url')).toBe(
      'https://conciertos.example/conciertos/7',
    );
    expect(parsed?.component.getFirstPropertyValue('dtstamp')?.toString()).toBe(
      '2030-01-02T03:04:05Z',
    );
    expect(parsed?.duration.toSeconds()).toBe(3 * 60 * 60);
    const start = parsed?.startDate;
    expect(start?.zone?.tzid).toBe('Europe/Madrid');
    expect(parsed?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(
      'Europe/Madrid',
    );
    expect(start?.toString()).toBe('2030-06-01T21:30:00');
    expect(parsed?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('marks a cancelled concert CANCELLED, so subscribed calendars show it as such', () => {
    const ics = buildCalendar({
      name: 'P',
      description: 'd',
      events: [event({ cancelled: true })],
    });
    const [parsed] = parseCalendar(ics).events;
    expect(parsed?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  // 2030: DST starts on Sunday 31 March and ends on Sunday 27 October.
  it.each([
    ['2030-03-30', '21:00', '2030-03-30T20:00:00.000Z'],
    ['2030-03-31', '21:00', '2030-03-31T19:00:00.000Z'],
    ['2030-03-31', '00:30', '2030-03-30T23:30:00.000Z'],
    ['2030-10-26', '21:00', '2030-10-26T19:00:00.000Z'],
    ['2030-10-27', '21:00', '2030-10-27T20:00:00.000Z'],
    ['2030-10-27', '01:30', '2030-10-26T23:30:00.000Z'],
  ])('round-trips %s %s Madrid time through ical.js', (day, hour, utc) => {
    const ics = buildCalendar({ name: 'P', description: 'd', events: [event({ day, hour })] });
    const [parsed] = parseCalendar(ics).events;
    expect(parsed?.startDate.toString()).toBe(`${day}T${hour}:00`);
    const instant = parsed?.startDate.toJSDate().toISOString();
    expect(instant).toBe(utc);
    // The same instant as the platform's tz database gives: the VTIMEZONE rules are right.
    expect(instant).toBe(madridInstant(day, hour).toISOString());
    expect(parsed?.duration.toSeconds()).toBe(3 * 60 * 60);
  });
});

describe('RSS writer', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`<b>"R&B"</b> 'x'\u0001\uffff`)).toBe(
      '&lt;b&gt;&quot;R&amp;B&quot;&lt;/b&gt; &apos;x&apos;',
    );
    const rss = buildRss({
      title: 'T',
      link: 'https://e.example/conciertos',
      selfUrl: 'https://e.example/calendario/conciertos.rss',
      description: 'D',
      locale: 'es',
      items: [],
    });
    expect(rss).toContain('<rss version="2.0"');
    expect(rss).not.toContain('lastBuildDate');
  });
});

describe('shared calendar helpers', () => {
  it('gives every genre a distinct ASCII slug that leads back to it', () => {
    const slugs = GENRES.map(genreSlug);
    expect(new Set(slugs).size).toBe(GENRES.length);
    for (const [index, slug] of slugs.entries()) {
      expect(slug).toMatch(/^[a-z0-9-]+$/);
      expect(genreOfSlug(slug)).toBe(GENRES[index]);
    }
    expect(genreSlug('Música Electrónica')).toBe('musica-electronica');
    expect(genreOfSlug('nada')).toBeUndefined();
  });

  it('builds a Google Calendar link in Madrid time with the default length', () => {
    const url = new URL(
      googleCalendarUrl({
        title: 'Sa Fosca',
        day: '2030-10-26',
        hour: '22:30',
        location: 'Es Gremi, Palma',
        details: 'Más: https://conciertos.example/conciertos/7',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20301026T223000/20301027T013000');
    expect(url.searchParams.get('ctz')).toBe('Europe/Madrid');
    expect(url.searchParams.get('text')).toBe('Sa Fosca');
    expect(url.searchParams.get('location')).toBe('Es Gremi, Palma');
  });

  it('masks the private feed token and query secrets in logged URLs', () => {
    expect(urlForLog('/calendario/privado/abcDEF_-123.ics?x=1')).toBe(
      '/calendario/privado/[oculto]?x=1',
    );
    expect(urlForLog('/api/x?token=abc&code=1')).toBe('/api/x?token=[oculto]&code=[oculto]');
  });
});
