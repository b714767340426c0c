// The JSON-LD reader on a ticket-seller-shaped page: @graph, an ItemList, references by @id,
// every kind of offer, status and place, a broken block beside good ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readJsonLdEvents } from '../../server/sources/jsonld-reader.js';
import { priceCents } from '../../server/sources/jsonld-values.js';

const page = readFileSync(path.join(__dirname, 'fixtures', 'ticket-seller.html'), 'utf8');
const pageUrl = 'https://entradas-illa.example/agenda?mes=julio';
const now = new Date('2026-07-01T10:00:00Z');

const script = (json: unknown) =>
  `<script type="application/ld+json">${typeof json === 'string' ? json : JSON.stringify(json)}</script>`;
const htmlWith = (...blocks: unknown[]) =>
  `<!doctype html><html><head>${blocks.map(script).join('')}</head></html>`;

describe('readJsonLdEvents on a ticket seller page', () => {
  const result = readJsonLdEvents(page, pageUrl, { now });
  const byName = new Map(result.events.map((event) => [event.name, event]));

  it('reads a MusicEvent in an ItemList with its place, performers, offer, image and links', () => {
    expect(byName.get('Los Rayos & Ana Ferrer')).toEqual({
      key: 'https://entradas-illa.example/conciertos/los-rayos#event',
      name: 'Los Rayos & Ana Ferrer',
      day: '2026-07-18',
      hour: '21:30',
      venue: { name: 'Es Gremi', address: 'Carrer Gremi Porgadors, 16, Palma' },
      performers: ['Los Rayos', 'Ana Ferrer'],
      description: 'Presentación del nuevo disco.\nApertura de puertas: 20:30 h',
      price: '15.00',
      currency: 'EUR',
      ticketUrl: 'https://entradas-illa.example/entradas/los-rayos',
      url: 'https://entradas-illa.example/conciertos/los-rayos',
      imageUrl: 'https://entradas-illa.example/img/los-rayos.jpg',
      status: 'scheduled',
      categories: ['rock', 'indie'],
    });
  });

  it('follows a list item given by @id to the Festival in the graph, date-only and postponed', () => {
    expect(byName.get('Festival de Pollença')).toEqual({
      key: 'https://entradas-illa.example/conciertos/festival-pollenca#event',
      name: 'Festival de Pollença',
      day: '2026-08-20',
      hour: null,
      venue: null,
      performers: [],
      description: null,
      price: '18.50',
      currency: 'EUR',
      ticketUrl: 'https://entradas-illa.example/entradas/pollenca',
      url: null,
      imageUrl: 'https://cdn.entradas-illa.example/pollenca.jpg',
      status: 'postponed',
      categories: ['Clásica', 'Jazz'],
    });
  });

  it('reads isAccessibleForFree as 0.00, a string location as the venue, a cancellation', () => {
    expect(byName.get('Concierto gratuito en la plaza')).toMatchObject({
      key: 'https://entradas-illa.example/conciertos/plaza',
      day: '2026-07-24',
      hour: '22:00',
      venue: { name: 'Plaça Major de Palma', address: null },
      performers: ['Banda Municipal de Palma'],
      price: '0.00',
      currency: null,
      status: 'cancelled',
    });
  });

  it('keys an event without @id or url by name, start and place; a 0 offer is free', () => {
    expect(byName.get('Cabaret de verano')).toMatchObject({
      key: 'Cabaret de verano|2026-07-20T20:00:00Z|Trui Teatre',
      day: '2026-07-20',
      hour: '22:00',
      venue: { name: 'Trui Teatre', address: 'Camí de Son Rapinya, s/n, Palma' },
      price: '0.00',
      currency: 'EUR',
      status: 'rescheduled',
    });
  });

  it('reads a block that is a top-level array, with a raw line break inside a string', () => {
    expect(byName.get('Sesión de madrugada')).toMatchObject({
      key: 'https://entradas-illa.example/conciertos/madrugada',
      day: '2026-07-25',
      hour: '23:30',
      venue: { name: 'Sala Assaig', address: 'Carrer de la Fàbrica 30, Palma' },
      price: '12.00',
      currency: 'EUR',
    });
  });

  it('passes over the broken block and says why the others were left', () => {
    expect([...byName.keys()].sort()).toEqual([
      'Cabaret de verano',
      'Concierto gratuito en la plaza',
      'Festival de Pollença',
      'Los Rayos & Ana Ferrer',
      'Sesión de madrugada',
    ]);
    expect(result.skipped).toEqual([
      {
        key: 'https://entradas-illa.example/conciertos/pasado#event',
        name: 'Un concierto pasado',
        reason: 'past',
      },
      {
        key: 'https://entradas-illa.example/conciertos/sin-fecha#event',
        name: 'Fecha por confirmar',
        reason: 'bad-date',
      },
      {
        key: 'https://entradas-illa.example/conciertos/sin-nombre#event',
        name: null,
        reason: 'no-name',
      },
    ]);
    expect(result.skippedCount).toBe(3);
  });
});

describe('readJsonLdEvents, the other shapes pages come in', () => {
  it('returns nothing for a page without events', () => {
    const html = htmlWith({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Sala',
    });
    expect(readJsonLdEvents(html, pageUrl, { now })).toEqual({
      events: [],
      skipped: [],
      skippedCount: 0,
    });
    expect(
      readJsonLdEvents('<html><body>Sin datos</body></html>', pageUrl, { now }).events,
    ).toEqual([]);
  });

  it('reads full type addresses, an event list on a venue, and leaves other vocabularies alone', () => {
    const html = htmlWith(
      {
        '@context': { '@vocab': 'http://schema.org/' },
        '@type': 'http://schema.org/MusicVenue',
        name: 'Es Gremi',
        event: [
          {
            '@type': 'https://schema.org/MusicEvent',
            name: 'Uno',
            startDate: '2026-07-10T21:00:00+0200',
          },
          { '@type': 'DanceEvent', name: 'Dos', startDate: '2026-07-11 22:15' },
        ],
      },
      {
        '@context': 'https://www.w3.org/ns/activitystreams',
        '@type': 'Event',
        name: 'AS2',
        startDate: '2026-07-12',
      },
    );
    const result = readJsonLdEvents(html, pageUrl, { now });
    expect(result.events.map((e) => [e.name, e.day, e.hour])).toEqual([
      ['Uno', '2026-07-10', '21:00'],
      ['Dos', '2026-07-11', '22:15'],
    ]);
  });

  it('takes the same event shown twice once, and keeps apart different events sharing a url', () => {
    const event = {
      '@type': 'MusicEvent',
      name: 'Repetido',
      startDate: '2026-07-10T21:00',
      url: '/a',
    };
    const html = htmlWith(
      { '@context': 'https://schema.org', '@graph': [event, { ...event }] },
      {
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'MusicEvent', name: 'Lunes', startDate: '2026-07-13T21:00', url: '/agenda' },
          { '@type': 'MusicEvent', name: 'Martes', startDate: '2026-07-14T21:00', url: '/agenda' },
        ],
      },
    );
    const keys = readJsonLdEvents(html, 'https://sala.example/', { now }).events.map((e) => e.key);
    expect(keys).toEqual([
      'https://sala.example/a',
      'https://sala.example/agenda|2026-07-13T21:00|Lunes',
      'https://sala.example/agenda|2026-07-14T21:00|Martes',
    ]);
  });

  it('keeps only http(s) addresses', () => {
    const html = htmlWith({
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      name: 'Enlaces',
      startDate: '2026-07-10',
      url: 'javascript:alert(1)',
      image: 'ftp://fotos.example/a.jpg',
      offers: { '@type': 'Offer', url: 'mailto:taquilla@example.com' },
    });
    expect(readJsonLdEvents(html, pageUrl, { now }).events[0]).toMatchObject({
      url: null,
      imageUrl: null,
      ticketUrl: null,
      price: null,
    });
  });

  it.each([
    ['15,00 €', 1500],
    ['€15', 1500],
    ['1.234,50', 123450],
    ['1,234.50', 123450],
    ['desde 12 €', 1200],
    ['18.5', 1850],
    ['Gratis', null],
    [25, 2500],
    [0, 0],
    [-3, null],
  ])('reads the price %p as %p cents', (value, cents) => {
    expect(priceCents(value)).toBe(cents);
  });
});
