import { expect, test } from './helpers/test';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAdmin, saveSignedInState, uniqueEmail, type Account } from './helpers/users';
import { futureDay } from './helpers/concerts';
import { expectNoAxeViolations } from './helpers/axe';
import { findMailedLink, newestMailTo } from './helpers/outbox';

const ADMIN_STATE = path.join(tmpdir(), `submissions-e2e-admin-${process.pid}.json`);
// A 1×1 PNG, the band's poster.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('Publica tus conciertos', () => {
  let admin: Account;
  test.beforeAll(async ({ playwright }, testInfo) => {
    admin = await createAdmin('submissions-spec');
    await saveSignedInState(playwright, testInfo.project.use.baseURL, admin, ADMIN_STATE);
  });

  test.afterAll(() => {
    rmSync(ADMIN_STATE, { force: true });
  });

  test('a visitor sends a concert from the landing and an admin approves it', async ({
    page,
    browser,
    request,
  }) => {
    // Two pages, an upload and two accessibility scans: on a loaded machine this is more than 30 s.
    test.setTimeout(120_000);
    const bandName = `Banda Propuesta ${randomBytes(3).toString('hex')}`;
    const email = uniqueEmail('banda');
    const venueName = `Sala E2E ${randomBytes(3).toString('hex')}`;

    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Publica tus conciertos' }).click();
    await expect(page).toHaveURL(/\/publica$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Publica tus conciertos' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Nombre de la banda').fill(bandName);
    await page.getByLabel('Email de contacto').fill(email);
    await page
      .getByLabel('Enlace de Spotify (opcional)')
      .fill('https://open.spotify.com/artist/e2e');
    await page.getByLabel('Género').selectOption('Indie');
    await page.getByLabel('Día').fill(futureDay(5));
    await page.getByLabel('Hora').fill('21:00');
    await page.getByLabel('Precio (€, 0 si es gratis)').fill('8');
    await page.getByLabel('Sala', { exact: true }).fill(venueName);
    await page.getByLabel('Municipio de la sala nueva').fill('Sóller');
    await page
      .getByLabel('Cuéntanos el concierto (opcional)')
      .fill('Presentamos nuestro primer disco.');
    await page
      .getByLabel(/^Cartel o foto/)
      .setInputFiles({ name: 'cartel.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Enviar concierto' }).click();
    await expect(
      page.getByText(
        `¡Gracias! Te hemos enviado un correo a ${email}. Abre el enlace que contiene para confirmar el concierto y lo revisaremos.`,
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Nombre de la banda')).toHaveValue('');

    // The band opens the link of the mail, and confirms with the button (opening does nothing).
    let link: string | null = null;
    await expect.poll(() => (link = findMailedLink(email, '/publica/confirmar'))).not.toBeNull();
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirma tu concierto' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar el concierto' }).click();
    await expect(
      page.getByText(
        '¡Confirmado! Revisaremos tu concierto y te escribiremos a este email cuando lo hagamos.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The admins' mail leads straight to the submission; the overview counts it as pending.
    let reviewPath: string | undefined;
    await expect
      .poll(() => (reviewPath = newestMailTo(admin.email)?.match(/\/admin\/propuestas\/\d+/)?.[0]))
      .toBeDefined();
    const context = await browser.newContext({ storageState: ADMIN_STATE });
    const panel = await context.newPage();
    await panel.goto('/admin');
    const pendingCount = async () =>
      Number(
        (await panel.getByRole('link', { name: /propuestas? por revisar/ }).textContent())!.match(
          /\d+/,
        )![0],
      );
    const pendingBefore = await pendingCount();
    expect(pendingBefore).toBeGreaterThanOrEqual(1);

    // The admin corrects the price and approves it.
    await panel.goto(reviewPath!);
    const item = panel.getByRole('article', { name: new RegExp(bandName) });
    await expect(item).toBeVisible();
    await expect(item.getByLabel('Sala (nueva)')).toHaveValue(venueName);
    await expect(item.getByLabel('URL de la imagen')).toHaveValue(
      /^\/api\/admin\/submissions\/images\/[0-9a-f]{32}\.webp$/,
    );
    await item.getByLabel('Precio (€)').fill('10');
    await item.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(item.getByText('Cambios guardados.')).toBeVisible();
    await expectNoAxeViolations(panel);
    await item.getByRole('button', { name: 'Aprobar' }).click();
    await expect(
      panel.getByText(
        new RegExp(`^Propuesta aprobada: concierto creado y email enviado a ${email}\\.$`),
      ),
    ).toBeVisible();
    await expect(panel.getByText('Esta propuesta ya se aprobó.')).toBeVisible();
    const published = panel.getByRole('link', { name: 'Abrir el concierto publicado' });
    const concertId = (await published.getAttribute('href'))!.match(/(\d+)$/)![1]!;

    // Back in the overview, one fewer is waiting.
    await panel
      .getByRole('navigation', { name: 'Secciones del panel' })
      .getByRole('link', { name: 'Resumen' })
      .click();
    await expect.poll(pendingCount).toBe(pendingBefore - 1);
    await context.close();

    // The band's mail links to the concert, and the agenda shows it at the corrected price.
    await expect.poll(() => newestMailTo(email)).toContain(`/conciertos/${concertId}`);
    const agenda = await request.get('/api/concerts');
    const { concerts } = (await agenda.json()) as {
      concerts: { id: number; price: string; venue: string }[];
    };
    const shown = concerts.find((concert) => concert.id === Number(concertId));
    expect(shown).toMatchObject({ price: '10.00', venue: venueName });
  });
});
