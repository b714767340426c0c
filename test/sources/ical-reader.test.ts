// The iCalendar reader on a Google-Calendar-shaped feed: Madrid wall-clock hours from every kind
// of time, recurrences with their exceptions, the read window and its caps.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readICalendar } from '../../server/sources/ical-reader.js';
import type { ImportedEvent, ReadResult } from '../../server/sources/imported-event.js';
import { SourceReadError } from '../../server/sources/fetch-source.js';

const feed = readFileSync(path.join(__dirname, 'fixtures', 'google-calendar.ics'), 'utf8');
// Wednesday 1 July 2026, noon in Madrid.
const now = new Date('2026-07-01T10:00:00Z');

const byKey = (result: ReadResult) => new Map(result.events.map((event) => [event.key, event]));
const startOf = (event: ImportedEvent | undefined) => event && `${event.day} ${event.hour}`;

function calendar(...events: string[][]): string {
  const body = events.flatMap((lines) => [
    'BEGIN:VEVENT',
    'DTSTAMP:20260601T080000Z',
    ...lines,
    'END:VEVENT',
  ]);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...body,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe('readICalendar on a Google Calendar feed', () => {
  const result = readICalendar(feed, { now });
  const events = byKey(result);

  it('keeps a Madrid time as it is, in summer and in winter', () => {
    expect(startOf(events.get('summer-jazz@google.com'))).toBe('2026-07-18 21:30');
    expect(startOf(events.get('winter-rock@google.com'))).toBe('2026-11-21 21:30');
  });

  it('converts UTC times to Madrid (20:00Z is 22:00 in July, 21:00 in December)', () => {
    expect(startOf(events.get('utc-summer@google.com'))).toBe('2026-07-15 22:00');
    expect(startOf(events.get('utc-winter@google.com'))).toBe('2026-12-10 21:00');
  });

  it('converts another zone through its VTIMEZONE (20:00 in New York is 02:00 next day)', () => {
    expect(startOf(events.get('new-york@google.com'))).toBe('2026-07-11 02:00');
  });

  it('takes a floating time as Madrid wall clock', () => {
    expect(startOf(events.get('floating@google.com'))).toBe('2026-08-01 22:00');
  });

  it('gives an all-day event no hour', () => {
    const allDay = events.get('all-day@google.com');
    expect(startOf(allDay)).toBe('2026-08-05 null');
    expect(allDay?.venue).toEqual({ name: 'Auditori Sa Màniga', address: 'Cala Millor' });
  });

  it('reads every field of an event: folded lines, escaped commas, HTML description made text', () => {
    expect(events.get('summer-jazz@google.com')).toEqual({
      key: 'summer-jazz@google.com',
      name: 'Noche de jazz con el Cuarteto de Palma y sus invitados especiales, en directo desde el patio',
      day: '2026-07-18',
      hour: '21:30',
      venue: { name: 'Es Gremi', address: 'Carrer Gremi Porgadors 16, 07009 Palma' },
      performers: [],
      description: 'Entradas: 15 €\nPuertas a las 21:00\nhttps://esgremi.example/jazz',
      price: null,
      currency: null,
      ticketUrl: null,
      url: 'https://esgremi.example/agenda/jazz',
      imageUrl: 'https://esgremi.example/img/jazz.jpg',
      status: 'scheduled',
      categories: ['Jazz', 'Concierto'],
    });
  });

  it('unescapes text: \\n, \\, and \\;', () => {
    expect(events.get('utc-summer@google.com')?.description).toBe(
      'Primera línea\nSegunda línea, con coma; y punto y coma',
    );
  });

  it('marks STATUS:CANCELLED as cancelled', () => {
    expect(events.get('cancelled@google.com')?.status).toBe('cancelled');
  });

  it('expands a weekly rule with COUNT, without its EXDATE, with its override in place', () => {
    const occurrences = result.events.filter((event) => event.key.startsWith('weekly-count@'));
    expect(occurrences.map((event) => [event.key, event.day, event.hour, event.name])).toEqual([
      ['weekly-count@google.com#2026-07-06T20:00', '2026-07-06', '20:00', 'Jam de los lunes'],
      // The override keeps the key of the occurrence it moves, and the series' place.
      ['weekly-count@google.com#2026-07-20T20:00', '2026-07-21', '20:30', 'Jam especial (martes)'],
      ['weekly-count@google.com#2026-07-27T20:00', '2026-07-27', '20:00', 'Jam de los lunes'],
    ]);
    expect(occurrences[1]?.venue).toEqual({ name: 'Jazz Voyeur', address: 'Palma' });
  });

  it('expands a rule with no end from a past start only up to the horizon', () => {
    const short = readICalendar(feed, { now, horizonDays: 30 });
    const tuesdays = short.events.filter((event) => event.key.startsWith('weekly-open@'));
    expect(tuesdays.map((event) => `${event.day} ${event.hour}`)).toEqual([
      '2026-07-07 19:00',
      '2026-07-14 19:00',
      '2026-07-21 19:00',
      '2026-07-28 19:00',
    ]);
    // With the default 180 days: every Tuesday from 7 July to 22 December 2026.
    const all = result.events.filter((event) => event.key.startsWith('weekly-open@'));
    expect(all).toHaveLength(25);
    expect(all.at(-1)?.day).toBe('2026-12-22');
  });

  it('skips what is past, beyond the horizon or has no name, and says why', () => {
    expect(result.skipped).toEqual([
      { key: 'past@google.com', name: 'Ya pasó', reason: 'past' },
      { key: 'far@google.com', name: 'Muy lejos', reason: 'beyond-horizon' },
      { key: 'no-name@google.com', name: null, reason: 'no-name' },
    ]);
    expect(result.skippedCount).toBe(3);
    expect(result.events).toHaveLength(8 + 3 + 25);
  });

  it('lists events in order of start', () => {
    const starts = result.events.map((event) => `${event.day} ${event.hour ?? ''}`);
    expect(starts).toEqual([...starts].sort());
  });
});

describe('readICalendar, the other shapes feeds come in', () => {
  it('converts a TZID with no VTIMEZONE through the IANA zone it names', () => {
    const text = calendar(
      ['UID:a', 'SUMMARY:Madrid sin VTIMEZONE', 'DTSTART;TZID=Europe/Madrid:20260710T213000'],
      ['UID:b', 'SUMMARY:Londres sin VTIMEZONE', 'DTSTART;TZID=Europe/London:20260710T200000'],
      ['UID:c', 'SUMMARY:Zona desconocida', 'DTSTART;TZID=Hora de Mallorca:20260710T200000'],
    );
    const events = byKey(readICalendar(text, { now }));
    expect(startOf(events.get('a'))).toBe('2026-07-10 21:30');
    expect(startOf(events.get('b'))).toBe('2026-07-10 21:00');
    // A zone Intl does not know is read as Madrid's wall clock.
    expect(startOf(events.get('c'))).toBe('2026-07-10 20:00');
  });

  it('reads LF-only files, keys without UID by URL, and finds an image in IMAGE', () => {
    const text = calendar([
      'SUMMARY:Sin UID',
      'DTSTART:20260710T190000Z',
      'URL:https://agenda.example/e/1',
      'IMAGE;VALUE=URI:https://agenda.example/e/1.png',
    ]).replace(/\r\n/g, '\n');
    const [event] = readICalendar(text, { now }).events;
    expect(event?.key).toBe('https://agenda.example/e/1');
    expect(event?.imageUrl).toBe('https://agenda.example/e/1.png');
    expect(startOf(event)).toBe('2026-07-10 21:00');
  });

  it('fast-forwards an old daily rule without shifting its hours or its days', () => {
    const text = calendar(
      [
        'UID:daily',
        'SUMMARY:Cada día',
        'DTSTART;TZID=Europe/Madrid:20100105T200000',
        'RRULE:FREQ=DAILY',
      ],
      // DTSTART on a Monday, the rule on Tuesdays and Fridays: no Monday may appear.
      [
        'UID:tu-fr',
        'SUMMARY:Martes y viernes',
        'DTSTART:20200106T200000Z',
        'RRULE:FREQ=WEEKLY;BYDAY=TU,FR',
      ],
    );
    const result = readICalendar(text, { now, horizonDays: 10 });
    expect(result.events.filter((e) => e.key.startsWith('daily#')).map(startOf)).toEqual(
      Array.from({ length: 11 }, (_, i) => `2026-07-${String(i + 1).padStart(2, '0')} 20:00`),
    );
    expect(result.events.filter((e) => e.key.startsWith('tu-fr#')).map(startOf)).toEqual([
      '2026-07-03 22:00',
      '2026-07-07 22:00',
      '2026-07-10 22:00',
    ]);
  });

  it('cancels the occurrences of a cancelled series, and one occurrence by its override', () => {
    const text = calendar(
      ['UID:s', 'SUMMARY:Serie', 'DTSTART:20260702T190000Z', 'RRULE:FREQ=WEEKLY;COUNT=3'],
      [
        'UID:s',
        'SUMMARY:Serie',
        'RECURRENCE-ID:20260709T190000Z',
        'DTSTART:20260709T190000Z',
        'STATUS:CANCELLED',
      ],
    );
    const statuses = readICalendar(text, { now }).events.map((e) => [e.key, e.status]);
    expect(statuses).toEqual([
      ['s#2026-07-02T21:00', 'scheduled'],
      ['s#2026-07-09T21:00', 'cancelled'],
      ['s#2026-07-16T21:00', 'scheduled'],
    ]);
  });

  it('keys an override whose series is not in the feed as its occurrence would be', () => {
    const text = calendar([
      'UID:lone',
      'SUMMARY:Suelta',
      'RECURRENCE-ID;TZID=Europe/Madrid:20260710T200000',
      'DTSTART;TZID=Europe/Madrid:20260711T210000',
    ]);
    const [event] = readICalendar(text, { now }).events;
    expect([event?.key, startOf(event)]).toEqual(['lone#2026-07-10T20:00', '2026-07-11 21:00']);
  });

  it('converts every occurrence of a series in a zone without VTIMEZONE', () => {
    const text = calendar([
      'UID:london',
      'SUMMARY:Desde Londres',
      'DTSTART;TZID=Europe/London:20260706T200000',
      'RRULE:FREQ=WEEKLY;COUNT=2',
    ]);
    expect(readICalendar(text, { now }).events.map((e) => [e.key, startOf(e)])).toEqual([
      ['london#2026-07-06T21:00', '2026-07-06 21:00'],
      ['london#2026-07-13T21:00', '2026-07-13 21:00'],
    ]);
  });

  it('skips a series wholly in the past once, not once per occurrence', () => {
    const text = calendar([
      'UID:old',
      'SUMMARY:Vieja',
      'DTSTART:20250102T190000Z',
      'RRULE:FREQ=WEEKLY;COUNT=10',
    ]);
    const result = readICalendar(text, { now });
    expect(result.events).toEqual([]);
    expect(result.skipped).toEqual([{ key: 'old', name: 'Vieja', reason: 'past' }]);
  });

  it('skips an impossible date as bad-date and an event without DTSTART as no-start', () => {
    const text = calendar(
      ['UID:bad', 'SUMMARY:Fecha imposible', 'DTSTART:20260231T200000'],
      ['UID:none', 'SUMMARY:Sin inicio'],
      ['UID:ok', 'SUMMARY:Bien', 'DTSTART:20260710T200000'],
    );
    const result = readICalendar(text, { now });
    expect(result.events.map((event) => event.key)).toEqual(['ok']);
    expect(result.skipped).toEqual([
      { key: 'bad', name: 'Fecha imposible', reason: 'bad-date' },
      { key: 'none', name: 'Sin inicio', reason: 'no-start' },
    ]);
  });

  it('keeps the earliest maxEvents, lists 200 of the rest and counts them all', () => {
    const many = Array.from({ length: 250 }, (_, i) => [
      `UID:e${i}`,
      `SUMMARY:Evento ${i}`,
      `DTSTART:202607${String(2 + (i % 28)).padStart(2, '0')}T${String(10 + (i % 12))}0000Z`,
    ]);
    const result = readICalendar(calendar(...many), { now, maxEvents: 20 });
    expect(result.events).toHaveLength(20);
    expect(result.skippedCount).toBe(230);
    expect(result.skipped).toHaveLength(200);
    expect(new Set(result.skipped.map((s) => s.reason))).toEqual(new Set(['over-limit']));
    const lastKept = result.events.at(-1) as ImportedEvent;
    expect(`${lastKept.day} ${lastKept.hour}`).toBe('2026-07-04 14:00');
  });

  it('bounds names, descriptions and keys', () => {
    const text = calendar([
      `UID:${'u'.repeat(600)}`,
      `SUMMARY:${'n'.repeat(300)}`,
      `DESCRIPTION:${'d '.repeat(3000)}`,
      'DTSTART:20260710T200000Z',
    ]);
    const [event] = readICalendar(text, { now }).events;
    expect(event?.key).toHaveLength(500);
    expect(event?.key).toMatch(/^u{435}#[0-9a-f]{64}$/);
    expect(event?.name).toHaveLength(200);
    expect(event?.description?.length).toBeLessThanOrEqual(2000);
  });

  it.each([
    ['plain text', 'hola, esto no es un calendario'],
    ['an HTML page', '<!doctype html><html><body>Agenda</body></html>'],
    ['an unclosed calendar', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n'],
    ['a bad property line', 'BEGIN:VCALENDAR\r\nDTSTART;TZID\r\nEND:VCALENDAR\r\n'],
    ['a VEVENT alone', 'BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n'],
  ])('refuses %s as not-icalendar', (_what, text) => {
    let caught: unknown;
    try {
      readICalendar(text, { now });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SourceReadError);
    expect((caught as SourceReadError).code).toBe('not-icalendar');
  });
});
