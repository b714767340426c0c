import { expect, test, type Page } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';

const WEEKDAY = /lunes|martes|miércoles|jueves|viernes|sábado|domingo/i;

const STATIC_PAGES = [
  { path: '/about', heading: 'Quiénes somos' },
  { path: '/privacy', heading: 'Política de privacidad' },
  { path: '/terms', heading: 'Términos de uso' },
  { path: '/contact', heading: 'Contacto' },
] as const;

function carousel(page: Page) {
  return page.getByRole('region', { name: 'Próximos conciertos' });
}

test.describe('landing', () => {
  test('shows the hero heading', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'TU AGENDA PERSONALIZADA DE CONCIERTOS' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Conciertos Mallorca · Tu agenda personalizada de conciertos');
  });

  test('the header and hero sent in the HTML sit exactly where the app then draws them', async ({
    browser,
    page,
  }) => {
    // Without JavaScript: only what the server rendered is there.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const parts = (on: Page) => [
      on.getByRole('banner'),
      on.getByRole('heading', { level: 1, name: 'TU AGENDA PERSONALIZADA DE CONCIERTOS' }),
      on.getByText(/^Todos los conciertos de Mallorca en un solo sitio/),
    ];
    try {
      const bare = await noScript.newPage();
      await bare.goto('/');
      await expect(bare.getByRole('banner').getByText('Conciertos Mallorca')).toBeVisible();
      const shellBoxes = await Promise.all(parts(bare).map((part) => part.boundingBox()));
      await page.goto('/');
      // The app has run once its sign-in form is there.
      await expect(
        page.getByRole('button', { name: /Ver Conciertos|Genial verte de nuevo/ }),
      ).toBeVisible();
      const appBoxes = await Promise.all(parts(page).map((part) => part.boundingBox()));
      expect(shellBoxes.every(Boolean)).toBe(true);
      expect(appBoxes).toEqual(shellBoxes);
    } finally {
      await noScript.close();
    }
  });

  test('the carousel shows a demo concert and rotates', async ({ page }) => {
    await page.goto('/');
    const region = carousel(page);
    const slide = region.getByRole('group');
    await expect(slide).toBeVisible();
    await expect(slide).toContainText(WEEKDAY);
    const bands = slide.getByRole('heading', { level: 3 });
    await expect(bands).not.toBeEmpty();

    const firstPosition = await slide.getAttribute('aria-label');
    const firstText = (await slide.textContent()) ?? '';
    expect(firstPosition).toMatch(/^\d+ de \d+$/);
    // Rotation is every 3 s; the next slide always has another position (and another tagline).
    await expect
      .poll(async () => slide.getAttribute('aria-label'), { timeout: 5_000 })
      .not.toBe(firstPosition);
    await expect(slide).not.toHaveText(firstText);
  });

  test('the carousel has Spanish previous/next controls', async ({ page }) => {
    await page.goto('/');
    const region = carousel(page);
    const slide = region.getByRole('group');
    // A press before the carousel has hydrated is lost on the server's HTML: press until it holds
    // (a late press that did land is seen before pressing again).
    const pause = region.getByRole('button', { name: 'Pausar carrusel' });
    const resume = region.getByRole('button', { name: 'Reanudar carrusel' });
    await expect(async () => {
      if (!(await resume.isVisible())) await pause.click();
      await expect(resume).toBeVisible({ timeout: 2_000 });
    }).toPass();
    const before = await slide.getAttribute('aria-label');
    await region.getByRole('button', { name: 'Concierto siguiente' }).click();
    await expect(slide).not.toHaveAttribute('aria-label', before ?? '');
    await region.getByRole('button', { name: 'Concierto anterior' }).click();
    await expect(slide).toHaveAttribute('aria-label', before ?? '');
  });

  test('/conciertos-en-mallorca is the landing too', async ({ page }) => {
    await page.goto('/conciertos-en-mallorca');
    await expect(
      page.getByRole('heading', { level: 1, name: 'TU AGENDA PERSONALIZADA DE CONCIERTOS' }),
    ).toBeVisible();
  });

  test('has no axe violations', async ({ page }) => {
    // Still slides: axe must not sample the carousel in the middle of a fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(carousel(page).getByRole('group')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('static pages', () => {
  for (const { path, heading } of STATIC_PAGES) {
    test(`${path} shows its heading and the logo leads home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Conciertos Mallorca' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'TU AGENDA PERSONALIZADA DE CONCIERTOS' }),
      ).toBeVisible();
    });

    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('the footer links to every static page', async ({ page }) => {
    await page.goto('/');
    const footerNav = page.getByRole('contentinfo').getByRole('navigation', {
      name: 'Información del sitio',
    });
    for (const [name, path] of [
      ['Quiénes somos', '/about'],
      ['Privacidad', '/privacy'],
      ['Términos', '/terms'],
      ['Contacto', '/contact'],
    ] as const) {
      await footerNav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });
});

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no-existe');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'TU AGENDA PERSONALIZADA DE CONCIERTOS' }),
  ).toBeVisible();
});
