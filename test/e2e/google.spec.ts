import { expect, test } from './helpers/test';

// The e2e server's Google is a real OAuth 2 peer (oauth2-mock-server, see start-server.mjs) whose
// user is a verified 'google.fan@example.com'.
test('signing in with Google creates the account and starts onboarding', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Accede con Google' }).click();
  await expect(page).toHaveURL(/\/liked-music-genres$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mi perfil' })).toBeVisible();
  const session = await (await page.request.get('/api/session')).json();
  expect(session.user).toMatchObject({
    email: 'google.fan@example.com',
    name: 'Fan de Google',
    onboardingCompleted: false,
  });
});

// Runs after the test above (one worker, file order): the Google fan's account exists.
test('a Google-only account, just signed in, deletes itself without a password', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Accede con Google' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mi perfil' })).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  // No password to ask for: the recent Google sign-in stands for it (told beforehand).
  await expect(dialog.getByText('Tu cuenta no tiene contraseña')).toBeVisible();
  await expect(dialog.getByLabel('Contraseña actual')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Sí, eliminar mi cuenta' }).click();
  await expect(page.getByText('Cuenta eliminada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
