import { expect, type Page, type Response } from '@playwright/test';

/** A calendar day some days ahead, in Mallorca. */
export function futureDay(days: number): string {
  const when = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(when);
}

/** A venue in Palma made through the admin API with the page's (admin) session; returns its id. */
export async function seedVenue(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/admin/venues', { data: { name, town: 'Palma' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A concert made through the admin API with the page's (admin) session; returns its id. */
export async function seedConcert(
  page: Page,
  venueId: number,
  day: string,
  band: string,
): Promise<number> {
  const res = await page.request.post('/api/admin/concerts', {
    data: { day, hour: '21:30', genre: 'Rock', price: '10', venueId, bandNames: [band] },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * The answer to the next PUT of a like (or of a "Voy"). A toggle turns on before the PUT is even
 * sent (optimistic), so a test that reads the server or reloads waits for this first.
 */
export function likeSaved(page: Page, what: 'like' | 'going' = 'like'): Promise<Response> {
  const path = new RegExp(`/api/concerts/\\d+/${what}$`);
  return page.waitForResponse(
    (response) =>
      path.test(new URL(response.url()).pathname) && response.request().method() === 'PUT',
  );
}
