// Fetched and read end to end: fixtures served over HTTP on 127.0.0.1, read by the reader their
// type (or their first characters) calls for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fetchSource, SourceReadError } from '../../server/sources/fetch-source.js';
import { readSource } from '../../server/sources/read-source.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const now = new Date('2026-07-01T10:00:00Z');

const routes: Record<string, [string, string]> = {
  '/calendario.ics': ['text/calendar; charset=utf-8', fixture('google-calendar.ics')],
  '/calendario-como-texto': ['text/plain', fixture('google-calendar.ics')],
  '/agenda': ['text/html; charset=utf-8', fixture('ticket-seller.html')],
  '/evento.jsonld': [
    'application/ld+json',
    JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      name: 'Documento suelto',
      startDate: '2026-07-10T21:00:00+02:00',
      url: '/evento',
    }),
  ],
  '/sin-eventos': ['text/html', '<!doctype html><html><body><h1>Sala</h1></body></html>'],
  '/imagen': ['image/png', 'PNG'],
  '/roto.ics': ['text/calendar', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n'],
};

let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer((request, response) => {
    const [type, body] = routes[request.url ?? ''] ?? ['text/plain', 'no'];
    response.writeHead(200, { 'Content-Type': type }).end(body);
  });
});

afterAll(() => server.close());

async function read(route: string) {
  const fetched = await fetchSource(`${server.origin}${route}`, {
    allowPrivateNetworks: true,
    userAgent: 'ConciertosMallorca/1.0 (+https://conciertos.example)',
  });
  if (fetched.notModified) throw new Error('unexpected 304');
  return readSource(fetched, { now });
}

async function failure(route: string): Promise<string> {
  try {
    await read(route);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceReadError);
    return (error as SourceReadError).code;
  }
  throw new Error('expected a SourceReadError');
}

describe('readSource', () => {
  it('reads a calendar feed as iCalendar', async () => {
    const result = await read('/calendario.ics');
    expect(result.format).toBe('icalendar');
    expect(result.events).toHaveLength(36);
    expect(result.skippedCount).toBe(3);
  });

  it('knows a feed served as text/plain by its first line', async () => {
    const result = await read('/calendario-como-texto');
    expect(result.format).toBe('icalendar');
    expect(result.events).toHaveLength(36);
  });

  it('reads a page as JSON-LD, resolving its relative addresses against the page', async () => {
    const result = await read('/agenda');
    expect(result.format).toBe('jsonld');
    expect(result.events.map((event) => event.name)).toEqual([
      'Los Rayos & Ana Ferrer',
      'Cabaret de verano',
      'Concierto gratuito en la plaza',
      'Sesión de madrugada',
      'Festival de Pollença',
    ]);
    expect(result.events[3]?.url).toBe(`${server.origin}/conciertos/madrugada`);
  });

  it('reads a bare JSON-LD document as one block', async () => {
    const result = await read('/evento.jsonld');
    expect(result).toMatchObject({ format: 'jsonld', skippedCount: 0 });
    expect(result.events.map((event) => [event.name, event.day, event.hour, event.url])).toEqual([
      ['Documento suelto', '2026-07-10', '21:00', `${server.origin}/evento`],
    ]);
  });

  it('says no-events-found for a page without any event', async () => {
    expect(await failure('/sin-eventos')).toBe('no-events-found');
  });

  it('says unknown-format for what is neither', async () => {
    expect(await failure('/imagen')).toBe('unknown-format');
  });

  it('says not-icalendar for a broken feed', async () => {
    expect(await failure('/roto.ics')).toBe('not-icalendar');
  });
});
