// "Voy" on an agenda card: the fan's count goes up at once, stays after a reload (the page hydrates
// with it), goes back with a Spanish message when the server fails; visitors see it disabled. The
// reminder's switch in the profile is saved.
import { allowConsoleErrors, expect, type Locator, type Page, test } from './helpers/test';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectNoAxeViolations } from './helpers/axe';
import { likeSaved } from './helpers/concerts';
import { createFan, newRequest, saveSignedInState } from './helpers/users';

const STATE_FILE = path.join(tmpdir(), `going-fan-${process.pid}.json`);

const cards = (page: Page) => page.getByRole('list', { name: 'Conciertos' }).getByRole('article');

/** '3 fans van' (or '1 fan va'): what a screen reader hears of the count. */
const spoken = (count: number) => (count === 1 ? '1 fan va' : `${count} fans van`);

async function countOf(button: Locator): Promise<number> {
  const description = await button.getAttribute('aria-describedby');
  const text = await button.page().locator(`[id="${description}"]`).innerText();
  return Number(/\d+/.exec(text)?.[0]);
}

test.describe('Voy, for a fan', () => {
  test.use({ storageState: STATE_FILE });

  test.beforeAll(async ({ playwright }, testInfo) => {
    writeFileSync(STATE_FILE, JSON.stringify({ cookies: [], origins: [] }));
    const request = await newRequest(playwright, testInfo.project.use.baseURL);
    const fan = await createFan(request, { label: 'going' });
    await request.dispose();
    await saveSignedInState(playwright, testInfo.project.use.baseURL, fan, STATE_FILE);
  });
  test.afterAll(() => rmSync(STATE_FILE, { force: true }));

  test('counts at once, stays after a reload and goes back when the server fails', async ({
    page,
  }) => {
    await page.goto('/myconcerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Tus conciertos' })).toBeVisible();
    const voyOf = (card: Locator) => card.getByRole('button', { name: 'Voy', exact: true });
    const card = cards(page)
      .filter({ has: page.getByRole('button', { name: 'Voy', exact: true, disabled: false }) })
      .first();
    const title = await card.getByRole('heading', { level: 2 }).innerText();
    const voy = voyOf(card);
    await expect(voy).toHaveAttribute('aria-pressed', 'false');
    const before = await countOf(voy);

    const saved = likeSaved(page, 'going'); // reload only once it is stored
    await voy.click();
    await expect(voy).toHaveAttribute('aria-pressed', 'true');
    await expect(voy).toHaveAccessibleDescription(spoken(before + 1));
    await expect(voy).toContainText(`${before + 1} ${before + 1 === 1 ? 'va' : 'van'}`);
    expect((await saved).status()).toBe(200);

    await page.reload();
    const again = voyOf(cards(page).filter({ hasText: title }).first());
    await expect(again).toHaveAttribute('aria-pressed', 'true');
    await expect(again).toHaveAccessibleDescription(spoken(before + 1));
    await expectNoAxeViolations(page);

    // The failure the test makes on purpose.
    allowConsoleErrors(
      page,
      /^Failed to load resource: the server responded with a status of 500 \(.*\) \(https?:\/\/[^/]+\/api\/concerts\/\d+\/going\)$/,
      /^No se ha podido guardar el «Voy» ApiError/,
    );
    await page.route('**/api/concerts/*/going', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'internal', message: 'Error interno del servidor.' },
        }),
      }),
    );
    await again.click();
    await expect(cards(page).filter({ hasText: title }).first().getByRole('alert')).toHaveText(
      'Error interno del servidor.',
    );
    await expect(again).toHaveAttribute('aria-pressed', 'true');
    await expect(again).toHaveAccessibleDescription(spoken(before + 1));
    await page.unroute('**/api/concerts/*/going');
  });

  test('the reminder the day before is off until the fan turns it on, and stays on', async ({
    page,
  }) => {
    await page.goto('/profile');
    const reminder = page.getByRole('checkbox', {
      name: 'Recordatorio el día antes de tus conciertos',
    });
    await expect(reminder).not.toBeChecked();
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/profile' &&
        response.request().method() === 'PATCH',
    );
    await reminder.click(); // a controlled box: it shows the saved state once the answer is in
    expect((await saved).status()).toBe(200);
    await expect(reminder).toBeChecked();
    await page.reload();
    await expect(reminder).toBeChecked();
  });
});

test.describe('Voy, for a visitor', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('is shown disabled, asking to sign in', async ({ page }) => {
    await page.goto('/conciertos');
    const voy = cards(page)
      .first()
      .getByRole('button', { name: 'Inicia sesión para decir que vas' });
    await expect(voy).toBeDisabled();
    await expect(voy).toHaveAccessibleDescription(/^\d+ fans? van?$/);
  });
});
