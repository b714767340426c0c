// A server-rendered page's controls before the app has taken over: a link works with no
// JavaScript at all, and a press on a form while the app's code is still on its way is kept and
// made again once the page has hydrated (common/pages/early-taps.ts), never lost.
import { expect, isReactRoot, test, type Page, type Route } from './helpers/test';
import { createFan, type Account } from './helpers/users';

let FAN: Account;

test.beforeAll(async ({ request }) => {
  FAN = await createFan(request, { label: 'early-taps' });
});

/** Holds every request for the app's JavaScript until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let open = false;
  await page.route('**/assets/*.js', (route) => {
    if (open) return route.continue();
    held.push(route);
    return undefined;
  });
  return async () => {
    open = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing toggle is a link to login mode, which the server renders', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Ver Conciertos' })).toBeEnabled();
    await page.getByRole('link', { name: 'Ya tienes cuenta? Inicia sesión' }).click();
    await expect(page).toHaveURL(/\/\?modo=login$/);
    await expect(page.getByRole('button', { name: 'Genial verte de nuevo' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Olvidaste tu contraseña?' })).toBeVisible();
    await page.getByRole('link', { name: 'No tienes cuenta? Regístrate' }).click();
    await expect(page.getByRole('button', { name: 'Ver Conciertos' })).toBeVisible();
  });
});

test('a login pressed before the app is ready is sent once it is', async ({ page }) => {
  const release = await holdAppCode(page);
  // Not 'domcontentloaded': that waits for the app's (deferred) module scripts.
  await page.goto('/?modo=login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(FAN.email);
  await page.getByLabel('Contraseña').fill(FAN.password);
  const submit = page.getByRole('button', { name: 'Genial verte de nuevo' });
  await expect(submit).toBeEnabled();
  await submit.click();
  // Nothing has happened yet: the app's code has not arrived.
  expect(await isReactRoot(page)).toBe(false);
  await expect(page).toHaveURL(/\/\?modo=login$/);

  await release();
  await expect(page).toHaveURL(/\/myconcerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tus conciertos' })).toBeVisible();
});

test('the toggle also works on the hydrated landing, without a page load', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => isReactRoot(page)).toBe(true);
  await page.getByRole('link', { name: 'Ya tienes cuenta? Inicia sesión' }).click();
  await expect(page).toHaveURL(/\/\?modo=login$/);
  await expect(page.getByRole('button', { name: 'Genial verte de nuevo' })).toBeVisible();
});
