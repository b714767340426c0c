import { expect, test } from '@playwright/test';

// The e2e server's Google is a real OAuth 2 peer (oauth2-mock-server, see start-server.mjs) whose
// user is a verified 'google.fan@example.com'.
test('signing in with Google creates the account and starts onboarding', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Accede con Google' }).click();
  await expect(page).toHaveURL(/\/liked-music-genres$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Mi perfil' })).toBeVisible();
  const session = await (await page.request.get('/api/session')).json();
  expect(session.user).toMatchObject({
    email: 'google.fan@example.com',
    name: 'Fan de Google',
    onboardingCompleted: false,
  });
});
