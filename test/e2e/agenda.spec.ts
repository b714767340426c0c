import { allowConsoleErrors, expect, failedRequest, test, type Page } from './helpers/test';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgendaConcertDto, ConcertListResponse } from '../../common/concerts/types';
import { createFan, newRequest, saveSignedInState } from './helpers/users';
import { expectNoAxeViolations } from './helpers/axe';
import { likeSaved } from './helpers/concerts';

// One login for the whole file (login is rate limited per email): every test reuses its cookies.
const STATE_FILE = path.join(tmpdir(), `agenda-fan-${process.pid}.json`);

function titleOf(concert: AgendaConcertDto): string {
  return concert.bands.length > 0
    ? concert.bands.map((band) => band.name).join(' + ')
    : (concert.name ?? 'Concierto');
}

function priceOf(concert: AgendaConcertDto): string {
  const amount = Number(concert.price);
  return amount === 0
    ? 'Gratis'
    : new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(amount);
}

/** The fan's agenda; every test here reads at least its first concert. */
async function agenda(page: Page): Promise<[AgendaConcertDto, ...AgendaConcertDto[]]> {
  const response = await page.request.get('/api/concerts');
  expect(response.ok()).toBe(true);
  const [first, ...rest] = ((await response.json()) as ConcertListResponse).concerts;
  if (!first) throw new Error('La agenda está vacía');
  return [first, ...rest];
}

const cards = (page: Page) => page.getByRole('list', { name: 'Conciertos' }).getByRole('article');

/** Opens /myconcerts and waits until every card shows its score. */
async function openAgenda(page: Page, query = ''): Promise<void> {
  await page.goto(`/myconcerts${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tus conciertos' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Encaje: calculando' })).toHaveCount(0, {
    timeout: 60_000,
  });
  await expect(page.getByText(/^Calculando tus recomendaciones/)).toHaveCount(0);
}

/**
 * Counts every layout shift of the page's next loads, as Lighthouse's CLS does (none after input).
 * A string: this project's e2e types have no DOM.
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript({
    content: `window.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (!entry.hadRecentInput) window.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });`,
  });
}

const layoutShiftOf = async (page: Page) => Number(await page.evaluate('window.layoutShift'));

test.describe('the concert agenda', () => {
  test.use({ storageState: STATE_FILE });

  test.beforeAll(async ({ playwright }, testInfo) => {
    // The request fixture also reads the storageState option: give it an empty jar first.
    writeFileSync(STATE_FILE, JSON.stringify({ cookies: [], origins: [] }));
    // This file's own fan, with a taste that gives the agenda a spread of scores.
    const request = await newRequest(playwright, testInfo.project.use.baseURL);
    const fan = await createFan(request, {
      label: 'agenda',
      taste: { topGenres: ['Rock', 'Jazz'], dislikedGenres: ['Reggaetón'] },
    });
    await request.dispose();
    await saveSignedInState(playwright, testInfo.project.use.baseURL, fan, STATE_FILE);
  });

  test.afterAll(() => {
    rmSync(STATE_FILE, { force: true });
  });

  test('a new fan sees every concert with its score filled in', async ({ page }) => {
    // Scoring the whole agenda and an axe pass over every card take a while.
    test.slow();
    await openAgenda(page);
    const concerts = await agenda(page);
    expect(concerts.length).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(concerts.length);
    // Every concert but a cancelled one (another spec may cancel one): those are never scored.
    expect(concerts.every((concert) => concert.cancelled || concert.recommendation?.score)).toBe(
      true,
    );
    const first = cards(page).first();
    await expect(first.getByRole('heading', { name: titleOf(concerts[0]) })).toBeVisible();
    await expect(first.getByRole('img', { name: /^Encaje: / })).toBeVisible();
    await expect(first.getByText('¿Recomendación acertada?')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('filters by date, score and band at 1280 px and keeps them in the URL', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAgenda(page);
    const concerts = await agenda(page);
    const target = concerts[0];
    const band = target.bands[0]?.name ?? target.name ?? '';
    const score = target.recommendation?.score ?? 'low';

    await page.getByLabel('Selecciona una fecha').fill(target.day);
    await expect(page).toHaveURL(new RegExp(`fecha=${target.day}`));
    await expect(cards(page)).toHaveCount(concerts.filter((c) => c.day === target.day).length);

    await page.getByLabel('Puntuación').selectOption(score);
    await expect(page).toHaveURL(new RegExp(`puntuacion=${score}`));
    const sameDayAndScore = concerts.filter(
      (c) => c.day === target.day && c.recommendation?.score === score,
    );
    await expect(cards(page)).toHaveCount(sameDayAndScore.length);

    const search = page.getByRole('combobox', { name: 'Buscar banda' });
    await search.fill(band.slice(0, 3).toUpperCase());
    const options = page.getByRole('listbox', { name: 'Bandas sugeridas' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(5);
    await search.fill(band.slice(0, -1));
    await search.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await search.press('Enter');
    await expect(search).toHaveValue(band);
    await expect(
      cards(page)
        .first()
        .getByRole('heading', { name: titleOf(target) }),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Selecciona una fecha')).toHaveValue(target.day);
    await expect(page.getByLabel('Puntuación')).toHaveValue(score);
    await expect(page.getByRole('combobox', { name: 'Buscar banda' })).toHaveValue(band);
    await expect(cards(page).first()).toBeVisible();

    await page.getByRole('button', { name: 'Borrar fecha' }).click();
    await page.getByRole('button', { name: 'Borrar banda' }).click();
    await expect(page).not.toHaveURL(/fecha=|banda=/);

    await page.getByRole('combobox', { name: 'Buscar banda' }).fill('zzz-no-existe');
    await expect(page.getByText('No hay conciertos que coincidan con tus filtros.')).toBeVisible();
    await page.getByRole('button', { name: 'Borrar filtros' }).click();
    await expect(cards(page)).toHaveCount(concerts.length);
  });

  test('at 375 px the filters open from a button, the band search is a modal and the band a removable pill', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAgenda(page);
    const concerts = await agenda(page);
    const band = concerts[0].bands[0]?.name ?? concerts[0].name ?? '';

    // Closed at first: the fields would fill half of a phone's first screen.
    const toggle = page.getByRole('button', { name: 'Filtros', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Selecciona una fecha')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Selecciona una fecha')).toBeVisible();
    // The closed dialog keeps no button per band in the page (a season names a thousand).
    await expect(page.locator('.band-dialog__option')).toHaveCount(0);
    await page.getByRole('button', { name: 'Buscar banda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buscar banda' });
    await expect(dialog).toBeVisible();
    await dialog.getByPlaceholder('Buscar banda...').fill('zzz-no-existe');
    await expect(dialog.getByText('Sin resultados')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Buscar banda' }).click();
    await dialog.getByPlaceholder('Buscar banda...').fill(band.slice(0, 4).toLowerCase());
    await dialog.getByRole('button', { name: band, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/banda=/);
    await expect(page.getByRole('button', { name: 'Quitar filtro de banda' })).toBeVisible();
    await expect(
      cards(page)
        .first()
        .getByRole('heading', { name: titleOf(concerts[0]) }),
    ).toBeVisible();

    await page.getByLabel('Selecciona una fecha').fill(concerts[0].day);
    await page.reload();
    // An address that already filters opens the fields and counts the filters on the button.
    await expect(page.getByRole('button', { name: 'Filtros (2)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.locator('.band-pill')).toContainText(band);
    await expect(page.getByLabel('Selecciona una fecha')).toHaveValue(concerts[0].day);
    await page.getByRole('button', { name: 'Quitar filtro de banda' }).click();
    await expect(page.getByRole('button', { name: 'Quitar filtro de banda' })).toHaveCount(0);
    await expect(page).not.toHaveURL(/banda=/);
    await expectNoAxeViolations(page);
  });

  test('a like counts, persists after a reload and reverts when the server fails', async ({
    page,
  }) => {
    await openAgenda(page);
    const first = cards(page).first();
    const like = first.getByRole('button', { name: 'Me gusta', exact: true });
    const count = async () => Number(/\d+/.exec((await like.textContent()) ?? '')?.[0]);

    const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
    const before = await count();
    const saved = likeSaved(page); // reload only once the like is stored
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked));
    const expected = wasLiked ? Math.max(0, before - 1) : before + 1;
    await expect(like).toContainText(String(expected));
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked));
    await expect(like).toContainText(String(expected));

    // The failure the test makes on purpose.
    allowConsoleErrors(
      page,
      /^Failed to load resource: the server responded with a status of 500 \(.*\) \(https?:\/\/[^/]+\/api\/concerts\/\d+\/like\)$/,
      /^No se ha podido guardar el me gusta ApiError/,
    );
    await page.route('**/api/concerts/*/like', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Error' } }),
      }),
    );
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked));
    await expect(like).toContainText(String(expected));
    await page.unroute('**/api/concerts/*/like');
  });

  test('thumbs up and down toggle the feedback', async ({ page }) => {
    await openAgenda(page);
    const card = cards(page).nth(1);
    const up = card.getByRole('button', { name: 'Recomendación acertada', exact: true });
    const down = card.getByRole('button', { name: 'Recomendación no acertada' });

    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(down).toHaveAttribute('aria-pressed', 'false');
    await down.click();
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await down.click();
    await expect(down).toHaveAttribute('aria-pressed', 'false');
    await expect(up).toHaveAttribute('aria-pressed', 'false');
  });

  test("a returning fan's agenda loads on a phone without moving, first picture first", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await openAgenda(page); // scored: from now on the fan is a returning one
    await watchLayoutShifts(page);
    await page.reload();
    const concerts = await agenda(page);
    // Rendered a slice at a time, but all of them are soon in the page.
    await expect(cards(page)).toHaveCount(concerts.length);
    // The budget is 0.05; nothing here should move at all. 0.01 catches the filter bar re-wrapping
    // when the genre list arrives.
    expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.01);
    const images = cards(page).getByRole('img', { name: /^Imagen de / });
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(images.nth(1)).not.toHaveAttribute('fetchpriority', 'high');
  });

  test("a new fan's scoring progress floats over the agenda and moves nothing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // Scoring as a new fan meets it: 0 of 60 at first, half a poll later, then done.
    const total = 60;
    const answers = [
      { scored: total / 2, running: true },
      { scored: total, running: false },
    ];
    await page.route('**/api/recommendations/generate', (route) =>
      route.fulfill({ json: { total, scored: 0, running: true } }),
    );
    await page.route('**/api/recommendations/progress', (route) =>
      route.fulfill({ json: { total, ...(answers.shift() ?? { scored: total, running: false }) } }),
    );
    await watchLayoutShifts(page);
    await page.goto('/myconcerts');
    await expect(page.getByText('Calculando tus recomendaciones: 0 de 60')).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByText(/^Calculando tus recomendaciones/)).toHaveCount(0);
    expect(answers).toHaveLength(0);
    expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.01);
  });

  test('the WhatsApp link shares the bands, venue and price', async ({ page }) => {
    await openAgenda(page);
    const [concert] = await agenda(page);
    const link = cards(page).first().getByRole('link', { name: 'Compartir por WhatsApp' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(text).toContain(titleOf(concert));
    expect(text).toContain(concert.venue);
    expect(text).toContain(priceOf(concert));
    // The message links to the concert's own page on PUBLIC_URL (the e2e server's address).
    expect(text).toContain(`${new URL(page.url()).origin}/conciertos/${concert.id}-`);
    await expect(link).toHaveAttribute('target', '_blank');
  });
});

test.describe('unsubscribe', () => {
  test('a link without token is invalid at once', async ({ page }) => {
    await page.goto('/unsubscribe?userId=123');
    await expect(page.getByRole('alert')).toHaveText('El enlace de baja no es válido.');
    await expect(page.getByRole('button', { name: 'Darme de baja' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a forged link is refused after confirming', async ({ page }) => {
    await page.goto(
      '/unsubscribe?userId=00000000-0000-4000-8000-000000000000&token=not-a-real-token',
    );
    await expectNoAxeViolations(page);
    allowConsoleErrors(
      page,
      failedRequest(400, '/api/unsubscribe'), // the forged link, refused
      /^No se ha podido procesar la baja ApiError/,
    );
    await page.getByRole('button', { name: 'Darme de baja' }).click();
    await expect(page.getByRole('alert')).toHaveText('El enlace de baja no es válido.');
  });
});
