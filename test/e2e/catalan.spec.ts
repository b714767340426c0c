// Catalan beside Spanish: the switch in the header, a choice remembered across reloads, every
// converted page in the chosen language with <html lang> right, and both languages accessible.
import { expectNoAxeViolations } from './helpers/axe';
import { expect, isReactRoot, test, type Page } from './helpers/test';
import { createAdmin, E2E_PASSWORD, logInOverApi, uniqueEmail } from './helpers/users';

const switchIn = (page: Page, where: 'banner' | 'contentinfo') =>
  page.getByRole(where).getByRole('group', { name: 'Idioma' });

test.describe('Catalan', () => {
  test('a visitor switches the landing to Catalan, and it stays Catalan after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect.poll(() => isReactRoot(page)).toBe(true);
    const catalan = switchIn(page, 'banner').getByRole('link', { name: 'Català' });
    await expect(catalan).toHaveAttribute('lang', 'ca');
    await catalan.click();

    const title = page.getByRole('heading', {
      level: 1,
      name: 'LA TEVA AGENDA PERSONALITZADA DE CONCERTS',
    });
    await expect(title).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('button', { name: 'Veure concerts' })).toBeVisible();
    await expect(
      switchIn(page, 'contentinfo').getByRole('link', { name: 'Català' }),
    ).toHaveAttribute('aria-current', 'true');

    await page.reload();
    await expect(title).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Qui som' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Qui som' })).toBeVisible();

    // And back to Spanish from the footer.
    await expect.poll(() => isReactRoot(page)).toBe(true);
    await switchIn(page, 'contentinfo').getByRole('link', { name: 'Castellano' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quiénes somos' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('without JavaScript a language link loads the same page, query kept, in that language, and the next pages follow', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/conciertos?pagina=2');
      // By keyboard: the footer moves as the cards above it take their real height.
      await switchIn(page, 'contentinfo').getByRole('link', { name: 'Català' }).press('Enter');
      await expect(page).toHaveURL(/\/conciertos\?pagina=2&lang=ca$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
      await expect(switchIn(page, 'banner').getByRole('link', { name: 'Català' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      // The choice is remembered: the landing, at its bare address, is in Catalan too.
      await page.getByRole('banner').getByRole('link', { name: 'Conciertos Mallorca' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    } finally {
      await context.close();
    }
  });

  for (const lang of ['es', 'ca'] as const) {
    test(`the landing, the agenda and the static pages pass axe in ${lang}`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }]);
      for (const path of ['/', '/conciertos', '/about', '/privacy', '/terms', '/contact']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }

  // Each page's address, its heading in each language, and something it shows once hydrated.
  const FORMS = [
    {
      path: '/publica',
      es: 'Publica tus conciertos',
      ca: 'Publica els teus concerts',
      ready: { es: 'Enviar concierto', ca: 'Envia el concert' },
    },
    {
      path: '/recover',
      es: 'Recuperar contraseña',
      ca: 'Recuperar la contrasenya',
      ready: { es: 'Enviar enlace', ca: 'Envia l’enllaç' },
    },
    {
      path: '/unsubscribe?userId=00000000-0000-4000-8000-000000000000&token=not-a-real-token',
      es: 'Baja del email semanal',
      ca: 'Baixa del correu setmanal',
      ready: { es: 'Darme de baja', ca: 'Dona’m de baixa' },
    },
  ] as const;

  for (const lang of ['es', 'ca'] as const) {
    test(`/publica, the password recovery and the unsubscribe page read in ${lang} and pass axe`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }]);
      for (const form of FORMS) {
        await page.goto(form.path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(form[lang]);
        await expect(page.getByRole('button', { name: form.ready[lang] })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }

  test('the agenda and a concert page read in Catalan, with an address of their own', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'ca', url: baseURL ?? '' }]);
    await page.goto('/conciertos');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Agenda de concerts a Mallorca' }),
    ).toBeVisible();
    const cards = page.getByRole('list', { name: 'Concerts' }).getByRole('article');
    await expect(cards.first()).toContainText(
      /dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge/,
    );
    await cards.first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('link', { name: 'Mira tots els propers concerts' })).toBeVisible();
    await expect(page.getByText('Afegeix al calendari')).toBeVisible();
    const path = new URL(page.url()).pathname;
    // The page the server sends names its Catalan address, which any reader gets in Catalan.
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(page.locator('link[hreflang="ca"]')).toHaveAttribute(
      'href',
      new RegExp(`${path}\\?lang=ca$`),
    );
    await context.clearCookies();
    await page.goto(`${path}?lang=ca`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expectNoAxeViolations(page);
    // That visit remembered Catalan, as the switch does; a reader with no choice gets Spanish.
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ca');
    await context.clearCookies();
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText('Añadir al calendario')).toBeVisible();
  });

  test('a fan signs up in Catalan, onboards and sees /myconcerts in Catalan, saved to the profile', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('catala');
    await page.goto('/');
    await expect.poll(() => isReactRoot(page)).toBe(true);
    await switchIn(page, 'banner').getByRole('link', { name: 'Català' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect.poll(() => isReactRoot(page)).toBe(true);
    await page.getByLabel('Correu electrònic').fill(email);
    await page.getByLabel('Contrasenya').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Veure concerts' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Quina música t’agrada?' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    for (const genre of ['Pop', 'Rock', 'Indie']) {
      await page.getByRole('checkbox', { name: genre, exact: true }).check();
    }
    await page.getByRole('button', { name: 'Següent' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Quina música no t’agrada?' }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Música electrònica', exact: true }).check();
    await page.getByRole('button', { name: 'Veure concerts' }).click();

    await expect(page).toHaveURL(/\/myconcerts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Els teus concerts' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Els teus concerts' })).toBeVisible();

    // A signed-in fan's switch is saved to the profile: another browser, Spanish by default,
    // signing in gets Catalan.
    await expect.poll(() => isReactRoot(page)).toBe(true);
    await switchIn(page, 'banner').getByRole('link', { name: 'Castellano' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tus conciertos' })).toBeVisible();
    await expect.poll(() => isReactRoot(page)).toBe(true);
    // By keyboard: the footer moves as the agenda's cards render and take their real height.
    await switchIn(page, 'contentinfo').getByRole('link', { name: 'Català' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Els teus concerts' })).toBeVisible();
    await page.goto('/profile');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Això és el que sabem de tu' }),
    ).toBeVisible();
    await expect(page.getByText('Música electrònica')).toBeVisible();
    await expectNoAxeViolations(page);
    const other = await browser.newContext({ baseURL, locale: 'es-ES' });
    try {
      const response = await logInOverApi(other.request, { email, password: E2E_PASSWORD });
      expect(response.ok()).toBe(true);
      const elsewhere = await other.newPage();
      await elsewhere.goto('/myconcerts');
      await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'ca');
      await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Els teus concerts');
    } finally {
      await other.close();
    }
  });

  test('an admin who chose Catalan has /admin and its sections in Catalan, hydrated as served', async ({
    page,
    context,
    baseURL,
  }) => {
    const admin = await createAdmin('admin-catala');
    await context.addCookies([{ name: 'lang', value: 'ca', url: baseURL ?? '' }]);
    expect((await logInOverApi(page.request, admin)).ok()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Seccions del tauler' });
    const title = page.getByRole('heading', { level: 1, name: 'Tauler d’administració' });

    // Reached from another page inside the app: its texts are fetched then.
    await page.goto('/about');
    await expect.poll(() => isReactRoot(page)).toBe(true);
    // React owns #root before the hydration commits and the router listens: asked again until it does.
    await expect(async () => {
      await page.evaluate(() => {
        window.history.pushState(null, '', '/admin/salas');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(title).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(page.getByRole('heading', { level: 2, name: 'Sales', exact: true })).toBeVisible();

    await page.goto('/admin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(title).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'El que t’espera avui' }),
    ).toBeVisible();
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Resum');
    await expect(page).toHaveTitle('Resum · Administració · Conciertos Mallorca');
    await expect(page.getByRole('link', { name: /^\d+ propostes? per revisar$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Another section through the navigation, then from the server at its own address.
    await expect.poll(() => isReactRoot(page)).toBe(true);
    await nav.getByRole('link', { name: 'Concerts', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/conciertos$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Concerts', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Cerca concerts' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Concerts');
    await expect(page).toHaveTitle('Concerts · Administració · Conciertos Mallorca');
    await expect(page.getByRole('list', { name: 'Llista de concerts' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
