// The fan's /profile page as a spec drives it.
import { expect, type Page } from '@playwright/test';

/** Opens the profile editor's password form (on /profile). */
export async function openPasswordForm(page: Page) {
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  const save = page.getByRole('button', { name: 'Guardar nueva contraseña' });
  return {
    /** Fills the fields given, then saves. */
    async submit(fields: { current?: string; next?: string }) {
      if (fields.next !== undefined) await page.getByLabel('Nueva contraseña').fill(fields.next);
      if (fields.current !== undefined) {
        await page.getByLabel('Contraseña actual').fill(fields.current);
      }
      await save.click();
    },
    expectRefused: (message: string) => expect(page.getByRole('alert')).toHaveText(message),
    expectSaved: () =>
      expect(page.getByText('Contraseña actualizada correctamente.')).toBeVisible(),
  };
}
