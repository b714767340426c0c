// 'Escuchar aquí': a band's Spotify player opens on a card and on the concert page only when the
// visitor presses play. Nothing goes to Spotify before that (every request is recorded), and no
// test reaches the internet: Spotify's hosts answer an empty page from here.
import { expect, isReactRoot, test, type Page } from './helpers/test';
import { futureDay, seedConcert, seedVenue } from './helpers/concerts';
import { useSignedInAdmin } from './helpers/users';
import { expectNoAxeViolations } from './helpers/axe';

const ARTIST = '0OdUWJ0sBjDrqHygGUXeCF';
const EMBED = `https://open.spotify.com/embed/artist/${ARTIST}?utm_source=generator`;
const SPOTIFY_HOST = /^https?:\/\/([^/]*\.)?(spotify\.com|scdn\.co)(:\d+)?\//;

const suffix = Date.now().toString(36);
const listenable = `Escucha Sí ${suffix}`;
const linkOnly = `Escucha Enlace ${suffix}`;
const unlinked = `Escucha Nada ${suffix}`;
let listenableConcert = 0;

/** Every request of the page to Spotify, each answered here with an empty page. */
async function spotifyRequests(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (SPOTIFY_HOST.test(request.url())) seen.push(request.url());
  });
  await page.route(SPOTIFY_HOST, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html></html>' }),
  );
  return seen;
}

/** Opens `path` as a visitor: its CSP frames Spotify's player and nothing else. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toMatch(
    /(^|;)frame-src https:\/\/open\.spotify\.com(;|$)/,
  );
}

/** Presses play, sees the player framed with the artist's embed, and closes it again. */
async function listen(page: Page, seen: string[]): Promise<void> {
  await expect.poll(() => isReactRoot(page)).toBe(true);
  const play = page.getByRole('button', { name: `Escuchar ${listenable} aquí` });
  await expect(play).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(seen).toEqual([]);

  await play.click();
  const hide = page.getByRole('button', { name: `Ocultar el reproductor de ${listenable}` });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  const player = page.locator(`[id="${await hide.getAttribute('aria-controls')}"] iframe`);
  await expect(player).toHaveAttribute('src', EMBED);
  await expect(player).toHaveAttribute('title', `Reproductor de Spotify: ${listenable}`);
  await expect.poll(() => seen).toContain(EMBED);

  await hide.click();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(play).toHaveAttribute('aria-expanded', 'false');
}

test.describe('listen before you go', () => {
  const adminPage = useSignedInAdmin('listen');

  test.beforeAll(async ({ browser }) => {
    const admin = await adminPage(browser);
    const bands: [string, string | null][] = [
      [listenable, `https://open.spotify.com/artist/${ARTIST}?si=e2e`],
      [linkOnly, 'https://open.spotify.com/artist/sin-id'],
      [unlinked, null],
    ];
    for (const [name, spotifyUrl] of bands) {
      const res = await admin.request.post('/api/admin/bands', { data: { name, spotifyUrl } });
      expect(res.status()).toBe(201);
    }
    const venueId = await seedVenue(admin, `Sala Escucha ${suffix}`);
    listenableConcert = await seedConcert(admin, venueId, futureDay(3), listenable);
    await seedConcert(admin, venueId, futureDay(4), linkOnly);
    await seedConcert(admin, venueId, futureDay(5), unlinked);
    await admin.context().close();
  });

  test('on the agenda, a card plays its band only after the press', async ({ page }) => {
    const seen = await spotifyRequests(page);
    const cards = page.getByRole('list', { name: 'Conciertos' }).getByRole('article');
    // The whole agenda, many of whose demo bands have a Spotify artist: not one request there.
    await open(page, '/conciertos');
    await expect(page.getByRole('button', { name: /^Escuchar .+ aquí$/ }).first()).toBeVisible();
    await expect.poll(() => isReactRoot(page)).toBe(true);
    expect(seen).toEqual([]);

    await open(page, `/conciertos?banda=${encodeURIComponent(suffix)}`);
    await expect(cards).toHaveCount(3);
    await listen(page, seen);

    // An address without an artist id keeps the plain link; a band without one shows nothing.
    const linkCard = cards.filter({ hasText: linkOnly });
    await expect(
      linkCard.getByRole('link', { name: `Escuchar ${linkOnly} en Spotify` }),
    ).toHaveAttribute('href', 'https://open.spotify.com/artist/sin-id');
    await expect(linkCard.getByRole('button', { name: /^Escuchar/ })).toHaveCount(0);
    const plainCard = cards.filter({ hasText: unlinked });
    await expect(plainCard.getByRole('button', { name: /^Escuchar/ })).toHaveCount(0);
    await expect(plainCard.getByRole('link', { name: /Spotify/ })).toHaveCount(0);
  });

  test('on a phone, the concert page plays its band only after the press, within the screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const seen = await spotifyRequests(page);
    await open(page, `/conciertos/${listenableConcert}`);
    await expect(page.getByRole('heading', { level: 1, name: listenable })).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Abrir ${listenable} en Spotify` }),
    ).toHaveAttribute('href', `https://open.spotify.com/artist/${ARTIST}?si=e2e`);
    await expectNoAxeViolations(page);
    await listen(page, seen);

    // Open, the player takes the page's width and no more: nothing scrolls sideways.
    await page.getByRole('button', { name: `Escuchar ${listenable} aquí` }).click();
    const player = page.locator('iframe');
    await expect(player).toBeVisible();
    const width = (await player.boundingBox())?.width ?? 0;
    expect(width).toBeGreaterThan(200);
    expect(width).toBeLessThanOrEqual(320);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      320,
    );
  });
});
