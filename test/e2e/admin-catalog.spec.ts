// Bands and venues on screen: an admin edits a band's Spotify link, merges two bands,
// edits a venue's address and web, creates a concert with a new venue, and reads it all back in
// the audit log, most recent first.
import { expect, test, type Locator, type Page } from './helpers/test';
import { futureDay, seedConcert, seedVenue } from './helpers/concerts';
import { useSignedInAdmin } from './helpers/users';
import { expectNoAxeViolations } from './helpers/axe';

async function bandByName(page: Page, name: string) {
  const res = await page.request.get(`/api/admin/bands?${new URLSearchParams({ q: name })}`);
  const { items } = (await res.json()) as {
    items: { id: number; name: string; spotifyUrl: string | null }[];
  };
  return items.find((band) => band.name === name);
}

/** Searches the managed list of `region` for `name`: its one row. */
async function onlyRow(region: Locator, search: string, list: string, name: string) {
  await region.getByLabel(search).fill(name);
  await expect(region.getByRole('list', { name: list }).getByRole('listitem')).toHaveCount(1);
  return region.getByRole('listitem', { name, exact: true });
}

test.describe('bands and venues in /admin', () => {
  const adminPage = useSignedInAdmin('admin-catalog');

  test('an admin edits a band, merges two, edits a venue, adds one from the concert form, and reads the log', async ({
    browser,
  }) => {
    // The admin page holds every list; on a slow machine it takes a while.
    test.setTimeout(150_000);
    const page = await adminPage(browser);
    const suffix = Date.now().toString(36);
    const kept = `Banda Buena ${suffix}`;
    const dupe = `Banda Doble ${suffix}`;
    const venueName = `Sala Catálogo ${suffix}`;
    const venueId = await seedVenue(page, venueName);
    const dupeDay = futureDay(7);
    const dupeConcert = await seedConcert(page, venueId, dupeDay, dupe);
    await seedConcert(page, venueId, futureDay(8), kept);
    const keptId = (await bandByName(page, kept))!.id;

    await page.goto('/admin/bandas');

    // 1. The kept band's Spotify link, edited in place.
    const bands = page.getByRole('region', { name: 'Bandas', exact: true });
    const keptRow = await onlyRow(bands, 'Buscar bandas', 'Lista de bandas', kept);
    await keptRow.getByRole('button', { name: 'Editar' }).click();
    const spotify = `https://open.spotify.com/artist/${suffix}`;
    const editor = keptRow.getByRole('form', { name: `Editar banda ${kept}` });
    await editor.getByLabel('URL de Spotify (opcional)').fill(spotify);
    await editor.getByRole('checkbox', { name: 'Jazz' }).check();
    await expectNoAxeViolations(page);
    await editor.getByRole('button', { name: 'Guardar banda' }).click();
    await expect(editor.getByText('Banda guardada.')).toBeVisible();
    expect(await bandByName(page, kept)).toMatchObject({ spotifyUrl: spotify });

    // 2. The duplicate merged into it: its concert now shows the kept band.
    const dupeRow = await onlyRow(bands, 'Buscar bandas', 'Lista de bandas', dupe);
    await dupeRow.getByLabel('Fusionar con (nombre de la banda que se queda)').fill(kept);
    const mergeButton = dupeRow.getByRole('button', { name: 'Fusionar' });
    await expect(mergeButton).toBeEnabled();
    await mergeButton.click();
    await expect(bands.getByText('Ninguna banda coincide con la búsqueda.')).toBeVisible();

    await page.goto(`/admin/conciertos?${new URLSearchParams({ q: kept })}`);
    const concerts = page.getByRole('region', { name: 'Conciertos', exact: true });
    await expect(
      concerts.getByRole('listitem', { name: `${dupeDay} 21:30 · ${kept} · ${venueName}` }),
    ).toBeVisible();
    const moved = (await (await page.request.get(`/api/admin/concerts/${dupeConcert}`)).json()) as {
      bands: { id: number; name: string }[];
    };
    expect(moved.bands).toEqual([expect.objectContaining({ id: keptId, name: kept })]);

    // 3. The venue's address and web.
    await page.goto('/admin/salas');
    const venues = page.getByRole('region', { name: 'Salas', exact: true });
    const venueRow = await onlyRow(venues, 'Buscar salas', 'Lista de salas', venueName);
    await venueRow.getByRole('button', { name: 'Editar' }).click();
    const venueEditor = venueRow.getByRole('form', { name: `Editar sala ${venueName}` });
    await venueEditor.getByLabel('Dirección (opcional)').fill('Carrer del Catàleg 5');
    await venueEditor.getByLabel('Web (opcional)').fill('ftp://sala.example');
    await venueEditor.getByRole('button', { name: 'Guardar sala' }).click();
    await expect(
      venueEditor.getByText('Error al guardar: La web de la sala no es válida.'),
    ).toBeVisible();
    await expect(venueEditor.getByLabel('Web (opcional)')).toBeFocused();
    await venueEditor.getByLabel('Web (opcional)').fill('https://sala-catalogo.example');
    await venueEditor.getByRole('button', { name: 'Guardar sala' }).click();
    await expect(venueEditor.getByText('Sala guardada.')).toBeVisible();
    await expect(
      venueRow.getByText('Palma · Carrer del Catàleg 5 · https://sala-catalogo.example'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // 4. A concert at a venue not on the list, with its town, address and web.
    const newVenue = `Sala Nova ${suffix}`;
    await page.goto('/admin/conciertos/nuevo');
    const form = page.getByRole('region', { name: 'Crear concierto', exact: true });
    const newDay = futureDay(10);
    await form.getByLabel('Día').fill(newDay);
    await form.getByLabel('Hora').fill('20:00');
    await form.getByLabel('Género').selectOption('Jazz');
    await form.getByLabel('Precio (€, 0 si es gratis)').fill('8');
    await form.getByLabel('Sala', { exact: true }).fill(newVenue);
    await expect(form.getByText('Sala nueva: se añadirá a la lista de salas.')).toBeVisible();
    await form.getByLabel('Municipio de la sala nueva').fill('Sóller');
    await form.getByLabel('Dirección de la sala nueva (opcional)').fill('Plaça Nova 1');
    await form.getByLabel('Web de la sala nueva (opcional)').fill('https://sala-nova.example');
    await form.getByRole('button', { name: 'Crear concierto' }).click();
    await expect(form.getByText(/Concierto creado/)).toBeVisible();

    await page.goto('/admin/salas');
    await venues.getByLabel('Buscar salas').fill(newVenue);
    await expect(
      venues
        .getByRole('listitem', { name: newVenue, exact: true })
        .getByText('Sóller · Plaça Nova 1 · https://sala-nova.example'),
    ).toBeVisible();

    // 5. The log: those actions in words, most recent first.
    await page.goto('/admin/registro');
    const log = page
      .getByRole('region', { name: 'Registro de cambios' })
      .getByRole('list', { name: 'Acciones de administración' })
      .getByRole('listitem');
    await expect(log.nth(0)).toContainText('Concierto creado');
    await expect(log.nth(1)).toContainText(`Sala editada · ${venueName}`);
    // The refused web changed nothing, so no entry of its own.
    await expect(log.nth(2)).toContainText(`Bandas fusionadas · ${kept}`);
    await expect(log.nth(3)).toContainText(`Banda editada · ${kept}`);
    await log.nth(1).getByRole('link', { name: venueName }).click();
    await expect(page).toHaveURL(/\/admin\/salas\?q=/);
    await expect(page.getByRole('listitem', { name: venueName, exact: true })).toBeVisible();
    await page.context().close();
  });
});
