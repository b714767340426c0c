import { expect, test, type Browser, type Page } from './helpers/test';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAdmin, createFan, newRequest, saveSignedInState } from './helpers/users';
import { futureDay } from './helpers/concerts';

// One login per account for the whole file (login is rate limited per email).
const ADMIN_STATE = path.join(tmpdir(), `admin-e2e-admin-${process.pid}.json`);
const FAN_STATE = path.join(tmpdir(), `admin-e2e-fan-${process.pid}.json`);
// A 1×1 PNG, for the upload.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function pageAs(browser: Browser, stateFile: string): Promise<Page> {
  const context = await browser.newContext({ storageState: stateFile });
  return context.newPage();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('the admin panel', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    // This file's own admin and fan (no demo account).
    const baseURL = testInfo.project.use.baseURL;
    const request = await newRequest(playwright, baseURL);
    const fan = await createFan(request, { label: 'admin-spec-fan' });
    await request.dispose();
    const admin = await createAdmin('admin-spec');
    await saveSignedInState(playwright, baseURL, admin, ADMIN_STATE);
    await saveSignedInState(playwright, baseURL, fan, FAN_STATE);
  });

  test.afterAll(() => {
    rmSync(ADMIN_STATE, { force: true });
    rmSync(FAN_STATE, { force: true });
  });

  test('the admin creates a band and a concert, links them by name, and the fan sees it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await pageAs(browser, ADMIN_STATE);
    const suffix = Date.now().toString(36);
    const bandName = `Banda E2E ${suffix}`;
    const concertName = `Noche E2E ${suffix}`;

    // The generation runs and what fans think sit in their own section.
    await page.goto('/admin/ia');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Panel de administración' }),
    ).toBeVisible();
    for (const heading of [
      'Generar recomendaciones',
      'Generar descripciones cortas',
      'Generar descripciones largas',
      'Lo que opinan los fans',
    ]) {
      await expect(
        page.getByRole('heading', { level: 2, name: heading, exact: true }),
      ).toBeVisible();
    }
    // What fans think: the engine × level table, or its empty state on a database without feedback.
    const fans = section(page, 'Lo que opinan los fans');
    await expect(
      fans
        .getByRole('table', { name: /Valoraciones por motor y nivel/ })
        .or(fans.getByText('Aún no hay valoraciones en los últimos 30 días.')),
    ).toBeVisible();

    // The band, with a client-side check first, then an uploaded picture.
    await page.goto('/admin/bandas');
    const bandForm = section(page, 'Crear banda');
    await bandForm.getByRole('button', { name: 'Crear banda' }).click();
    await expect(
      bandForm.getByText('Error al crear banda: Indica el nombre de la banda.'),
    ).toBeVisible();
    await bandForm.getByLabel('Nombre de la banda', { exact: true }).fill(bandName);
    await bandForm
      .getByLabel('URL de Spotify (opcional)')
      .fill('https://open.spotify.com/artist/e2e');
    await bandForm.getByRole('checkbox', { name: 'Rock', exact: true }).check();
    await bandForm
      .getByLabel(/^Subir imagen/)
      .setInputFiles({ name: 'banda.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(bandForm.getByLabel('URL de la imagen')).toHaveValue(
      /^\/uploads\/[0-9a-f]+\.webp$/,
    );
    await bandForm.getByRole('button', { name: 'Crear banda' }).click();
    await expect(bandForm.getByText(/^Banda creada con ID: \d+$/)).toBeVisible();

    // The concert, from the concerts list: the venue is picked by its name from the list.
    await page.goto('/admin/conciertos');
    await page.getByRole('link', { name: 'Nuevo concierto' }).click();
    await expect(page).toHaveURL(/\/admin\/conciertos\/nuevo$/);
    const concertForm = section(page, 'Crear concierto');
    await concertForm.getByLabel('Día').fill(futureDay(3));
    await concertForm.getByLabel('Hora').fill('21:30');
    await concertForm.getByLabel('Género').selectOption('Rock');
    await concertForm.getByLabel('Precio (€, 0 si es gratis)').fill('12.5');
    await concertForm.getByLabel('Sala', { exact: true }).fill('Es Gremi');
    await expect(concertForm.getByLabel('Municipio de la sala nueva')).toHaveCount(0);
    await concertForm.getByLabel('Nombre libre (opcional)').fill(concertName);
    await concertForm.getByRole('button', { name: 'Crear concierto' }).click();
    await expect(concertForm.getByText(/^Concierto creado con ID: \d+$/)).toBeVisible();

    // The link, both picked by name: no field asks for an id.
    await page.goto('/admin/bandas');
    const linkForm = section(page, 'Vincular concierto y banda');
    await expect(linkForm.getByLabel(/\bID\b/)).toHaveCount(0);
    await linkForm.getByRole('button', { name: 'Vincular', exact: true }).click();
    await expect(
      linkForm.getByText('Error al crear vínculo: Elige el concierto que quieres vincular.'),
    ).toBeVisible();
    await linkForm.getByLabel('Nombre o banda del concierto').fill(concertName);
    await linkForm.getByRole('button', { name: new RegExp(`${concertName}`) }).click();
    await linkForm.getByLabel('Nombre de la banda a vincular').fill(bandName);
    await linkForm.getByRole('button', { name: bandName, exact: true }).click();
    await expect(linkForm.getByText(`Banda elegida: ${bandName}`)).toBeVisible();
    await linkForm.getByRole('button', { name: 'Vincular', exact: true }).click();
    await expect(linkForm.getByText('Vínculo creado con éxito')).toBeVisible();
    // Twice is refused with the server's reason.
    await linkForm.getByRole('button', { name: 'Vincular', exact: true }).click();
    await expect(
      linkForm.getByText('Error al crear vínculo: Ese concierto y esa banda ya están vinculados.'),
    ).toBeVisible();
    await page.context().close();

    const fan = await pageAs(browser, FAN_STATE);
    await fan.goto('/myconcerts');
    await expect(fan.getByRole('heading', { level: 2, name: bandName })).toBeVisible({
      timeout: 30_000,
    });
    await fan.context().close();
  });

  test('a signed-in fan is told they are not an admin', async ({ browser }) => {
    const page = await pageAs(browser, FAN_STATE);
    await page.goto('/admin');
    await expect(page.getByText('No tienes permisos de administrador.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Crear concierto' })).toHaveCount(0);
    await page.context().close();
  });

  test('a visitor is sent to the landing', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  });
});
