import { expect, test } from './helpers/test';
import { futureDay, seedConcert, seedVenue } from './helpers/concerts';
import { useSignedInAdmin } from './helpers/users';

test.describe('managing concerts in /admin', () => {
  const adminPage = useSignedInAdmin('admin-manage');

  test('an admin finds a concert by a band typed without accents, moves it, and cancels another', async ({
    browser,
  }) => {
    // The admin page now holds every list; on a slow machine it takes a while.
    test.setTimeout(120_000);
    const page = await adminPage(browser);
    const suffix = Date.now().toString(36);
    const accented = `Los Pájaros Ñandú ${suffix}`;
    const other = `Mar Brava ${suffix}`;
    const venueId = await seedVenue(page, `Sala E2E ${suffix}`);
    const moved = await seedConcert(page, venueId, futureDay(5), accented);
    const cancelled = await seedConcert(page, venueId, futureDay(6), other);

    await page.goto('/admin');
    const concerts = page.getByRole('region', { name: 'Conciertos' });
    await concerts.getByLabel('Buscar conciertos').fill(`los pajaros nandu ${suffix}`);
    const row = concerts.getByRole('listitem', { name: new RegExp(accented) });
    await expect(row).toHaveCount(1);
    await expect(concerts.getByRole('listitem', { name: new RegExp(other) })).toHaveCount(0);

    const newDay = futureDay(9);
    await row.getByRole('button', { name: 'Editar' }).click();
    await row.getByLabel('Día').fill(newDay);
    await row.getByRole('button', { name: 'Guardar cambios' }).click();
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

    // The audit log shows both, most recent first.
    const audit = page.getByRole('region', { name: 'Registro de cambios' });
    await page.reload();
    await expect(audit.getByText(/concert\.cancel #\d+/).first()).toBeVisible({ timeout: 20_000 });
    await page.context().close();
  });
});
