/// <reference lib="dom" />
import { expect, test } from './helpers/test';
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import type { ConcertListResponse } from '../../common/concerts/types';
import { createFan } from './helpers/users';
import { expectNoAxeViolations } from './helpers/axe';

// Calendars in the browser: a fan adds a concert to their calendar from a card (the download is
// an .ics that ical.js reads), makes the private feed's link in the profile and revokes it; the
// RSS feed is well-formed for the browser's own strict XML parser.

function eventsOf(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  return root.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

test('a fan adds a concert to the calendar and subscribes to their private feed', async ({
  page,
}) => {
  // Two axe passes and an agenda being scored on a shared machine take a while.
  test.slow();
  await createFan(page.request, { label: 'calendario', keepSession: true });
  const response = await page.request.get('/api/concerts');
  const [first] = ((await response.json()) as ConcertListResponse).concerts;
  if (!first) throw new Error('La agenda está vacía');

  await page.goto('/myconcerts');
  const card = page.getByRole('list', { name: 'Conciertos' }).getByRole('article').first();
  await card.getByText('Añadir al calendario').click();
  const google = card.getByRole('link', { name: 'Google Calendar' });
  await expect(google).toHaveAttribute('href', /calendar\.google\.com.*ctz=Europe%2FMadrid/);
  await expectNoAxeViolations(page, '.add-to-calendar');

  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Descargar archivo .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`concierto-${first.id}.ics`);
  const ics = readFileSync(await download.path(), 'utf8');
  const [event] = eventsOf(ics);
  expect(event?.uid).toBe(`concierto-${first.id}@127.0.0.1`);
  expect(event?.startDate.toString()).toBe(`${first.day}T${first.hour.slice(0, 5)}:00`);
  expect(event?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Madrid');

  // A like puts the concert in the private feed.
  const like = await page.request.put(`/api/concerts/${first.id}/like`, { data: { liked: true } });
  expect(like.ok()).toBe(true);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Tu calendario' });
  await section.getByRole('button', { name: 'Crear enlace del calendario' }).click();
  const field = section.getByRole('textbox', { name: 'Enlace de tu calendario' });
  await expect(field).toHaveValue(/\/calendario\/privado\/[\w-]{59}\.ics$/);
  const feedUrl = await field.inputValue();
  await expect(
    section.getByRole('link', { name: 'Suscribirme con mi app de calendario' }),
  ).toHaveAttribute('href', feedUrl.replace(/^http:/, 'webcal:'));
  await expectNoAxeViolations(page, '.calendar-feed');

  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(eventsOf(await feed.text()).map((item) => item.uid)).toContain(
    `concierto-${first.id}@127.0.0.1`,
  );

  await section.getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(section.getByRole('status')).toContainText('Enlace revocado');
  await expect(section.getByText('Aún no tienes un enlace para tu calendario.')).toBeVisible();
  expect((await page.request.get(feedUrl)).status()).toBe(404);
});

test('the public RSS feed is well-formed XML for the browser', async ({ page }) => {
  const response = await page.request.get('/calendario/conciertos.rss');
  expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await response.text();
  await page.goto('/about');
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    return {
      error: doc.getElementsByTagName('parsererror')[0]?.textContent ?? null,
      root: doc.documentElement.nodeName,
      items: doc.querySelectorAll('channel > item').length,
    };
  }, xml);
  expect(parsed).toEqual({ error: null, root: 'rss', items: expect.any(Number) });
  expect(parsed.items).toBeGreaterThan(0);
});
