// An unknown price (an imported event that does not say it) is unknown everywhere a concert is
// shown: never 'Gratis'. The API answers null; pages, feeds, mails and texts say 'Precio por
// confirmar' / 'Preu per confirmar'; the page's JSON-LD claims no price; 0 still means free.
import request from 'supertest';
import { concertPrice } from '../common/concerts/display.js';
import type { ConcertPageDto } from '../common/concerts/types.js';
import { changeNoticeOf } from '../server/admin/writes/change-notices.js';
import type { AdminConcertRow } from '../server/admin/writes/change-notices.repository.js';
import { templateLong } from '../server/descriptions/template-writer.js';
import { concertDescription, musicEventJsonLd } from '../server/ssr/concert-head.js';
import { textsIn } from '../server/i18n/intl.js';
import { fixedClock, useTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createConcert, createVenue } from './helpers/factories.js';

const database = useTestDatabase({ cleared: ['concert_band', 'concerts', 'venues'] });
const testApp = useTestApp(() => ({ database, clock: fixedClock('2030-09-01T08:00:00Z') }));

async function unknownPriceConcert() {
  const venue = await createVenue(database.db, { name: 'Es Gremi' });
  const concert = await createConcert(database.db, {
    day: '2030-10-12',
    hour: '21:30',
    venue: 'Es Gremi',
    venue_id: venue.id,
    genre: 'Indie',
    bandname: 'Los Planetas',
  });
  await database.db
    .updateTable('concerts')
    .set({ price: null, ticket_url: 'https://entradas.example/planetas' })
    .where('id', '=', concert.id)
    .execute();
  return concert.id;
}

it('the API answers null, and the page, its JSON-LD and the feeds never say free', async () => {
  const id = await unknownPriceConcert();
  const page = await request(testApp.app).get(`/api/concerts/${id}`).expect(200);
  expect([page.body.price, page.body.ticketUrl]).toEqual([
    null,
    'https://entradas.example/planetas',
  ]);
  const concert = page.body as ConcertPageDto;
  expect(concertDescription(concert, 'es')).toContain('Precio por confirmar');
  expect(concertDescription(concert, 'ca')).toContain('Preu per confirmar');
  const jsonLd = musicEventJsonLd(
    concert,
    'https://x.example/c',
    { url: 'https://x.example/i' },
    'es',
  );
  expect(jsonLd).not.toHaveProperty('isAccessibleForFree');
  expect(jsonLd.offers).toEqual({
    '@type': 'Offer',
    url: 'https://entradas.example/planetas',
    availability: 'https://schema.org/InStock',
  });
  const ics = await request(testApp.app).get(`/calendario/conciertos/${id}.ics`).expect(200);
  expect(ics.text).toContain('Precio por confirmar');
  expect(ics.text).not.toMatch(/Gratis/);
  const rss = await request(testApp.app).get('/calendario/conciertos.rss').buffer(true).expect(200);
  const body = Buffer.isBuffer(rss.body) ? rss.body.toString('utf8') : rss.text;
  expect(body).toContain('Precio por confirmar');
  expect(body).not.toMatch(/Gratis/);
});

it('mails and written texts say it is unknown; a change from unknown to a price is a change', () => {
  const priceIn = (locale: 'es' | 'ca', price: string | null) =>
    concertPrice(locale, price, textsIn(locale));
  expect([priceIn('es', null), priceIn('ca', null), priceIn('es', '0.00')]).toEqual([
    'Precio por confirmar',
    'Preu per confirmar',
    'Gratis',
  ]);
  const row: AdminConcertRow = {
    id: 1,
    day: '2030-10-12',
    hour: '21:30',
    venue_id: 1,
    venue: 'Es Gremi',
    genre: 'Indie',
    price: null,
    bandname: 'Los Planetas',
    concert_description: null,
    image_url: null,
    ticket_url: null,
    source_url: null,
    like_count: 0,
    cancelled_at: null,
    bands: [],
  };
  expect(changeNoticeOf(row, { ...row, price: '12.00' })?.lines).toEqual([
    { label: 'Precio', before: 'Precio por confirmar', after: '12,00\u00a0€' },
  ]);
  expect(changeNoticeOf(row, { ...row, price: '0.00' })?.lines).toHaveLength(1);
  expect(changeNoticeOf(row, { ...row })).toBeNull();
  const text = templateLong({ ...row, bands: ['Los Planetas'] }, 'es');
  expect(text).toContain('con el precio por confirmar');
  expect(text).not.toMatch(/gratuita/);
});
