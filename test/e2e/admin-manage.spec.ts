import { expect, test } from './helpers/test';
import { futureDay, seedConcert, seedVenue } from './helpers/concerts';
import { useSignedInAdmin } from './helpers/users';

test.describe('managing concerts in /admin', () => {
  const adminPage = useSignedInAdmin('admin-manage');

  test('an admin finds a concert by a band typed without accents, moves it, and cancels another', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await adminPage(browser);
    const suffix = Date.now().toString(36);
    const accented = `Los Pájaros Ñandú ${suffix}`;
    const other = `Mar Brava ${suffix}`;
    const venueId = await seedVenue(page, `Sala E2E ${suffix}`);
    const moved = await seedConcert(page, venueId, futureDay(5), accented);
    const cancelled = await seedConcert(page, venueId, futureDay(6), other);

    await page.goto('/admin/conciertos');
    const concerts = page.getByRole('region', { name: 'Conciertos' });
    await concerts.getByLabel('Buscar conciertos').fill(`los pajaros nandu ${suffix}`);
    // The search lives in the address: a reload keeps it.
    await expect(page).toHaveURL(/[?&]q=los\+pajaros/);
    await page.reload();
    await expect(concerts.getByLabel('Buscar conciertos')).toHaveValue(
      `los pajaros nandu ${suffix}`,
    );
    const row = concerts.getByRole('listitem', { name: new RegExp(accented) });
    await expect(row).toHaveCount(1);
    await expect(concerts.getByRole('listitem', { name: new RegExp(other) })).toHaveCount(0);

    // The concert opens at its own address; back returns to the filtered list.
    const newDay = futureDay(9);
    await row.getByRole('link', { name: new RegExp(accented) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/conciertos/${moved}$`));
    const editor = page.getByRole('form', { name: 'Editar concierto' });
    await editor.getByLabel('Día').fill(newDay);
    await editor.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(editor.getByText('Cambios guardados.')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/conciertos\?q=los\+pajaros/);
    await expect(
      concerts.getByRole('listitem', { name: new RegExp(`^${newDay} 21:30 · ${accented}`) }),
    ).toBeVisible();

    await concerts.getByLabel('Buscar conciertos').fill(`mar brava ${suffix}`);
    const second = concerts.getByRole('listitem', { name: new RegExp(other) });
    await second.getByRole('button', { name: 'Cancelar concierto' }).click();
    await expect(second.getByText('Cancelado', { exact: true })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Reactivar' })).toBeVisible();

    const movedNow = (await (await page.request.get(`/api/admin/concerts/${moved}`)).json()) as {
      day: string;
      cancelledAt: string | null;
    };
    expect(movedNow).toMatchObject({ day: newDay, cancelledAt: null });
    const cancelledNow = (await (
      await page.request.get(`/api/admin/concerts/${cancelled}`)
    ).json()) as { cancelledAt: string | null };
    expect(cancelledNow.cancelledAt).not.toBeNull();

    // The change log says it in words and links to the concert, never by its id.
    await page
      .getByRole('navigation', { name: 'Secciones del panel' })
      .getByRole('link', { name: 'Registro de cambios' })
      .click();
    const entry = page
      .getByRole('region', { name: 'Registro de cambios' })
      .getByRole('listitem')
      .filter({ hasText: 'Concierto cancelado' })
      .first();
    await expect(entry).toContainText(other);
    await expect(entry).not.toContainText('#');
    await entry.getByRole('link', { name: new RegExp(other) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/conciertos/${cancelled}$`));
    await page.context().close();
  });
});
