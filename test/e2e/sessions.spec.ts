import {
  allowConsoleErrors,
  expect,
  failedRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from './helpers/test';
import { createFan, E2E_PASSWORD as PASSWORD } from './helpers/users';
import { openPasswordForm } from './helpers/profile';

// The fan's sessions in the profile ('Sesiones activas'): two browsers signed in to one account,
// each in its own context (its own cookie jar), as two devices would be.
async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Ya tienes cuenta? Inicia sesión' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Genial verte de nuevo' }).click();
  await expect(page).toHaveURL(/\/myconcerts$/);
}

/** A page whose session the server no longer knows ends up signed out on the landing. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mi perfil' })).toHaveCount(0);
}

/**
 * A new fan signed in on `page` and in a second browser (its own context, closed afterwards), with
 * `page` on the profile: `run` gets the other browser's page and the fan's email.
 */
async function withTwoBrowsers(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  run: (other: Page, email: string) => Promise<void>,
): Promise<void> {
  const { email } = await createFan(request);
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await logIn(page, email, PASSWORD);
    await logIn(other, email, PASSWORD);
    await page.goto('/profile');
    await run(other, email);
  } finally {
    await otherContext.close();
  }
}

test('lists the sessions and ends the other ones, which are signed out', async ({
  page,
  browser,
  request,
}) => {
  await withTwoBrowsers(page, browser, request, async (other, email) => {
    const section = page.getByRole('region', { name: 'Sesiones activas' });
    const rows = section.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    // This browser is marked and cannot be ended from here; the other one can.
    const current = rows.filter({ hasText: 'Esta sesión' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Chrome en Linux');
    await expect(current).toContainText('Inicio de sesión:');
    await expect(current).toContainText('Última actividad: ahora');
    await expect(current.getByRole('button')).toHaveCount(0);
    const otherRow = rows.filter({ hasNotText: 'Esta sesión' });
    await expect(
      otherRow.getByRole('button', { name: /^Cerrar sesión: Chrome en Linux, iniciada el / }),
    ).toBeVisible();
    await expect(otherRow).toContainText('Última actividad:');

    await section.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await expect(section.getByRole('status')).toHaveText('Se han cerrado las demás sesiones.');
    await expect(rows).toHaveCount(1);
    await expect(section.getByText('No tienes otras sesiones abiertas.')).toBeVisible();
    await expectSignedOut(other);

    // Signed in again there, it is ended on its own with its row's button.
    await logIn(other, email, PASSWORD);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await rows
      .filter({ hasNotText: 'Esta sesión' })
      .getByRole('button', { name: /^Cerrar sesión: / })
      .click();
    await expect(section.getByRole('status')).toHaveText('Sesión cerrada.');
    await expect(rows).toHaveCount(1);
    await expectSignedOut(other);

    // This browser is still signed in.
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(rows).toHaveCount(1);
  });
});

test('changing the password asks for the current one and signs the other browsers out', async ({
  page,
  browser,
  request,
}) => {
  allowConsoleErrors(page, failedRequest(400, '/api/profile/password')); // without the current one
  await withTwoBrowsers(page, browser, request, async (other) => {
    const form = await openPasswordForm(page);
    await form.submit({ next: 'nueva-clave-123' });
    await form.expectRefused('Error al cambiar la contraseña: Introduce tu contraseña actual.');
    // Refused: the other browser is still signed in.
    await other.goto('/profile');
    await expect(other).toHaveURL(/\/profile$/);

    await form.submit({ current: PASSWORD });
    await form.expectSaved();
    await expectSignedOut(other);
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
