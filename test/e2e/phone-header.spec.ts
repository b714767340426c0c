// The phone's first screen: on /myconcerts at 390 px the header is one row and the first concert
// starts within the first 240 px (layout, measured with getBoundingClientRect, not timing).
// PHONE_SCREENSHOT=<name> also writes docs/screenshots/myconcerts-phone-<name>.png.
import { fileURLToPath } from 'node:url';
import { expect, test } from './helpers/test';

const DEMO_FAN = { email: 'fan@demo.local', password: 'demo-fan-1234' };

test.use({ viewport: { width: 390, height: 844 } });

test('/myconcerts on a phone: a one-row header and the first concert high up', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: DEMO_FAN });
  expect(login.ok()).toBe(true);
  await page.goto('/myconcerts');
  const firstCard = page.locator('main article.concert-card').first();
  await expect(firstCard).toBeVisible();

  const header = await page.locator('header.site-header').evaluate((element) => {
    return Math.round(element.getBoundingClientRect().height);
  });
  const cardTop = await firstCard.evaluate((element) =>
    Math.round(element.getBoundingClientRect().top + window.scrollY),
  );
  console.log(`phone /myconcerts: header ${header} px, first concert at ${cardTop} px`);
  const name = process.env.PHONE_SCREENSHOT;
  if (name) {
    const file = `../../docs/screenshots/myconcerts-phone-${name}.png`;
    await page.screenshot({ path: fileURLToPath(new URL(file, import.meta.url)) });
  }
  expect(header).toBeLessThanOrEqual(72);
  expect(cardTop).toBeLessThanOrEqual(240);

  // The menu holds the language and the account, and opens without the app's help (<details>).
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Mi perfil' })).toBeHidden();
  await banner.getByText('Menú', { exact: true }).click();
  await expect(banner.getByRole('link', { name: 'Mi perfil' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Català' })).toBeVisible();
  await banner.getByRole('link', { name: 'Mi perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
