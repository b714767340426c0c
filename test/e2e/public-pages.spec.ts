// The public pages in the browser: a visitor opens a shared concert link, the public agenda filtered by
// 'Gratis', the 404 page; axe on each new page.
import { allowConsoleErrors, expect, failedRequest, test, type Page } from './helpers/test';
import type {
  AgendaConcertDto,
  ConcertListResponse,
  ConcertPageDto,
} from '../../common/concerts/types';
import { createFan } from './helpers/users';
import { expectNoAxeViolations } from './helpers/axe';
import { likeSaved } from './helpers/concerts';

function titleOf(concert: AgendaConcertDto): string {
  return concert.bands.length > 0
    ? concert.bands.map((band) => band.name).join(' + ')
    : (concert.name ?? 'Concierto');
}

async function upcoming(page: Page): Promise<AgendaConcertDto[]> {
  const response = await page.request.get('/api/concerts');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ConcertListResponse).concerts;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Conciertos' }).getByRole('article');

test('a visitor opens a shared link: the right address, the concert, a call to sign up', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [concert] = await upcoming(page);
  if (!concert) throw new Error('La agenda está vacía');
  const details = (await (
    await page.request.get(`/api/concerts/${concert.id}`)
  ).json()) as ConcertPageDto;

  // Other pages link to the bare id: the server sends the browser on to the one address.
  await page.goto(`/conciertos/${concert.id}`);
  await expect(page).toHaveURL(new RegExp(`${details.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: titleOf(concert) })).toBeVisible();
  await expect(page.getByText(concert.venue).first()).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Ver ${details.place.name} en OpenStreetMap` }),
  ).toHaveAttribute('href', details.place.mapUrl);
  await expect(page.getByRole('link', { name: 'Crear mi cuenta gratis' })).toBeVisible();
  const whatsapp = page.getByRole('link', { name: 'Compartir por WhatsApp' });
  expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(
    `/conciertos/${concert.id}-`,
  );
  await expectNoAxeViolations(page);

  // No Web Share API in a desktop browser: copying the link is the fallback.
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado.' })).toBeVisible();
  const copied = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(copied).toBe(new URL(details.path, page.url()).href);

  await page.getByRole('link', { name: 'Ver todos los próximos conciertos' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Agenda de conciertos en Mallorca' }),
  ).toBeVisible();
});

test("a visitor filters the public agenda by 'Gratis' and opens a concert from its card", async ({
  page,
}) => {
  // An axe pass over a page of 24 cards takes a while on a shared machine.
  test.slow();
  const free = (await upcoming(page)).filter((concert) => Number(concert.price) === 0);
  expect(free.length).toBeGreaterThan(0);

  await page.goto('/conciertos');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Agenda de conciertos en Mallorca' }),
  ).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  // Visitors have no scores: that filter is left out, and no card pretends to compute one.
  await expect(page.getByLabel('Puntuación')).toHaveCount(0);
  await expect(
    cards(page)
      .first()
      .getByRole('img', { name: /^Encaje/ }),
  ).toHaveCount(0);
  await expect(page.getByText('Dame un momento, estoy pensando en ello...')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('Precio').selectOption({ label: 'Gratis' });
  await expect(page).toHaveURL(/[?&]precio=gratis\b/);
  await expect(cards(page)).toHaveCount(Math.min(free.length, 24));
  for (const card of await cards(page).all()) {
    await expect(card.getByText('Gratis', { exact: true })).toBeVisible();
  }

  // The filter survives a reload (it is in the URL).
  await page.reload();
  await expect(page.getByLabel('Precio')).toHaveValue('gratis');
  await expect(cards(page)).toHaveCount(Math.min(free.length, 24));

  const first = free[0]!; // length checked above
  await cards(page)
    .first()
    .getByRole('link', { name: titleOf(first), exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/conciertos/${first.id}-`));
  await expect(page.getByRole('heading', { level: 1, name: titleOf(first) })).toBeVisible();
});

test('an unknown concert answers 404 with a way back to the agenda', async ({ page }) => {
  allowConsoleErrors(page, failedRequest(404, '/conciertos/999999-no-existe')); // the 404 itself
  const response = await page.goto('/conciertos/999999-no-existe');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Concierto no encontrado' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver todos los próximos conciertos' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a signed-in fan sees their score and reason on the page, and likes the concert there', async ({
  page,
}) => {
  test.slow(); // the fan's scores are worked out when they first ask
  // page.request shares the browser's cookies: the page is signed in as this new fan.
  await createFan(page.request, { label: 'pagina', keepSession: true });
  const [concert] = await upcoming(page);
  if (!concert) throw new Error('La agenda está vacía');

  await page.goto(`/conciertos/${concert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: titleOf(concert) })).toBeVisible();
  const fanPart = page.getByRole('region', { name: 'Tu recomendación' });
  await expect(fanPart).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear mi cuenta gratis' })).toHaveCount(0);
  // The page asks for the fan's scores and shows this one when it is in.
  await expect(fanPart.getByRole('img', { name: 'Encaje: calculando' })).toHaveCount(0, {
    timeout: 60_000,
  });
  await expect(
    fanPart.getByRole('img', { name: /^Encaje: (muy alto|alto|medio|bajo)$/ }),
  ).toBeVisible();

  const before = (await (
    await page.request.get(`/api/concerts/${concert.id}`)
  ).json()) as ConcertPageDto;
  const like = fanPart.getByRole('button', { name: 'Me gusta' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const saved = likeSaved(page); // read the server only once the like is stored
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).status()).toBe(200);
  const after = (await (
    await page.request.get(`/api/concerts/${concert.id}`)
  ).json()) as ConcertPageDto;
  expect(after.recommendation?.liked).toBe(true);
  expect(after.likeCount).toBe(before.likeCount + 1);

  await fanPart.getByRole('button', { name: 'Recomendación acertada' }).click();
  await expect(fanPart.getByRole('button', { name: 'Recomendación acertada' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoAxeViolations(page);
});
