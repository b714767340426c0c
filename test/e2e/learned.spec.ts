// 'Lo que hemos aprendido de ti' on the profile: what a fan taught us with their 👎 and likes is
// listed with what it came from, and each taste is forgotten with its own button, in Spanish.
import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { futureDay, seedConcert, seedVenue } from './helpers/concerts';
import { createFan, useSignedInAdmin } from './helpers/users';

const adminPage = useSignedInAdmin('learned-admin');

test('lists what was learned from the fan and forgets it, one taste at a time', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const suffix = randomBytes(3).toString('hex');
  const band = `Son de Portixol ${suffix}`;
  const venue = await seedVenue(admin, `Sa Sala ${suffix}`);
  const concerts = [
    await seedConcert(admin, venue, futureDay(3), band),
    await seedConcert(admin, venue, futureDay(5), band),
  ];
  await admin.context().close();

  // The fan likes both concerts and rates both 👎 (Rock): a band and a genre to learn.
  await createFan(page.request, { label: 'learned', keepSession: true });
  for (const id of concerts) {
    const liked = await page.request.put(`/api/concerts/${id}/like`, { data: { liked: true } });
    expect(liked.ok()).toBe(true);
    const rated = await page.request.put(`/api/concerts/${id}/feedback`, {
      data: { feedback: -1 },
    });
    expect(rated.ok()).toBe(true);
  }

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Lo que hemos aprendido de ti' });
  const rows = section.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(/^Rock: 2 👎 \(\d+ (y \d+ )?de \w+/);
  await expect(rows.nth(0)).toContainText('Sus conciertos bajan un nivel en tus recomendaciones.');
  await expect(rows.nth(1)).toContainText(`${band}: 2 conciertos que te gustaron o a los que ibas`);

  await section.getByRole('button', { name: 'Olvidar lo aprendido sobre Rock' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Hemos olvidado lo aprendido sobre Rock. Tus recomendaciones se actualizan en unos segundos.',
  );
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(band);

  await section.getByRole('button', { name: `Olvidar lo aprendido sobre ${band}` }).click();
  await expect(rows).toHaveCount(0);
  await expect(section.getByText(/^Aún no hemos aprendido nada/)).toBeVisible();
  await expect(
    section.getByRole('link', { name: 'Volver a elegir mis géneros desde el principio' }),
  ).toHaveAttribute('href', '/liked-music-genres');

  // Forgotten for good: the likes and ratings stay, and the list stays empty after a reload.
  await page.reload();
  await expect(section.getByText(/^Aún no hemos aprendido nada/)).toBeVisible();
  const agenda = await page.request.get('/api/concerts');
  const liked = (
    (await agenda.json()) as {
      concerts: { id: number; recommendation: { liked: boolean } | null }[];
    }
  ).concerts.filter((concert) => concerts.includes(concert.id));
  expect(liked.map((concert) => concert.recommendation?.liked)).toEqual([true, true]);
});
