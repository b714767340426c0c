// /admin as a workspace: every section at its own address, reached by the navigation too, kept by
// reload and back, named in the tab, free of fields that ask for an id, and clean for axe, also
// on a phone's width.
import { expect, test, type Page } from './helpers/test';
import { useSignedInAdmin } from './helpers/users';
import { expectNoAxeViolations } from './helpers/axe';

const SECTIONS = [
  { path: '/admin', label: 'Resumen', heading: 'Lo que te espera hoy' },
  { path: '/admin/propuestas', label: 'Propuestas', heading: 'Propuestas de conciertos' },
  { path: '/admin/conciertos', label: 'Conciertos', heading: 'Conciertos' },
  { path: '/admin/bandas', label: 'Bandas', heading: 'Bandas' },
  { path: '/admin/salas', label: 'Salas', heading: 'Salas' },
  { path: '/admin/email-semanal', label: 'Email semanal', heading: 'Enviar email semanal' },
  { path: '/admin/ia', label: 'Recomendaciones e IA', heading: 'Generar recomendaciones' },
  { path: '/admin/registro', label: 'Registro de cambios', heading: 'Registro de cambios' },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Secciones del panel' });

/** The section is open: its heading, its tab title, and its entry marked in the navigation. */
async function expectOpen(page: Page, section: (typeof SECTIONS)[number]): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 2, name: section.heading, exact: true }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${section.label} · Administración · Conciertos Mallorca`);
  const current = nav(page).locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(section.label);
}

/** No label, placeholder or accessible name of a field mentions an id. */
async function expectNoIdFields(page: Page): Promise<void> {
  const names = await page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')].map((field) =>
      [
        ...[...((field as HTMLInputElement).labels ?? [])].map((label) => label.textContent),
        field.getAttribute('aria-label'),
        field.getAttribute('placeholder'),
      ].join(' '),
    ),
  );
  expect(names.filter((name) => /\bID\b/i.test(name))).toEqual([]);
}

test.describe('/admin as a workspace', () => {
  const adminPage = useSignedInAdmin('admin-workspace');

  test('each section opens by its address, has no id field and passes axe', async ({ browser }) => {
    test.setTimeout(150_000);
    const page = await adminPage(browser);
    for (const section of SECTIONS) {
      await page.goto(section.path);
      await expectOpen(page, section);
      await expect(page.getByRole('status').filter({ hasText: 'Cargando...' })).toHaveCount(0);
      await expectNoIdFields(page);
      await expectNoAxeViolations(page);
    }
    await page.goto('/admin/conciertos/nuevo');
    await expectNoIdFields(page);
    await page.context().close();
  });

  test('the navigation opens each section; reload and back keep the admin where they were', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await adminPage(browser);
    await page.goto('/admin');
    await expectOpen(page, SECTIONS[0]);
    for (const section of SECTIONS.slice(1)) {
      await nav(page).getByRole('link', { name: section.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await expectOpen(page, section);
    }
    await page.reload();
    await expectOpen(page, SECTIONS.at(-1)!);
    await page.goBack();
    await expectOpen(page, SECTIONS.at(-2)!);
    await page.goForward();
    await expectOpen(page, SECTIONS.at(-1)!);
    // An unknown section goes to the overview.
    await page.goto('/admin/no-existe');
    await expect(page).toHaveURL(/\/admin$/);
    await expectOpen(page, SECTIONS[0]);
    await page.context().close();
  });

  test('a generation shows it is running, cannot start twice, then tells how it went', async ({
    browser,
  }) => {
    const page = await adminPage(browser);
    await page.goto('/admin/ia');
    const short = page.getByRole('region', { name: 'Generar descripciones cortas' });
    const start = short.getByRole('button', { name: 'Generar descripciones cortas' });
    await start.click();
    await expect(short.getByText(/^Descripciones generadas para \d+ conciertos\.$/)).toBeVisible();
    await expect(short.getByRole('status').first()).toHaveText(
      /^Última vez: terminada el .+ en \d+ s: [\d.]+ conciertos?, 0 errores\. Lanzada por /,
    );
    await expect(start).toBeEnabled();
    await page.context().close();
  });

  test('on a phone the navigation wraps and every section stays within the screen', async ({
    browser,
  }) => {
    const page = await adminPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const section of SECTIONS) {
      await page.goto(section.path);
      await expectOpen(page, section);
      for (const link of await nav(page).getByRole('link').all())
        await expect(link).toBeInViewport();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${section.path} is wider than the phone`).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });
});
