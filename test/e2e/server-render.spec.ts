// The first screen comes in the HTML, rendered by React on the server from the same components,
// and the app hydrates it: pages read without JavaScript, the root is React's, and a fan's page
// is never kept for another fan or a visitor.
import type { ConcertListResponse } from '../../common/concerts/types';
import { createFan, newRequest } from './helpers/users';
import { expect, isReactRoot, test, type APIRequestContext } from './helpers/test';

async function visitorAgenda(request: APIRequestContext): Promise<ConcertListResponse> {
  const answer = await request.get('/api/concerts', { headers: { Cookie: '' } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as ConcertListResponse;
}

/** A concert's page by its bare id: the server answers with a 301 to its canonical address. */
const pageOf = (concert: { id: number }) => `/conciertos/${concert.id}`;

/** As React writes text into HTML ('Teatre Principal d&#x27;Inca'). */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The markup React rendered into #root (the data script after it is left out). */
async function renderedRoot(request: APIRequestContext, path: string): Promise<string> {
  const answer = await request.get(path);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  const start = html.indexOf('<div id="root">');
  return html.slice(start, html.indexOf('<script id="app-data"', start));
}

test.describe('server rendering', () => {
  test('every public page is a React root hydrated from the server HTML', async ({ page }) => {
    const { concerts } = await visitorAgenda(page.request);
    for (const path of ['/', '/conciertos', pageOf(concerts[0]!)]) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect.poll(() => isReactRoot(page)).toBe(true);
    }
  });

  test('a card hydrates with the like count its HTML was drawn from, then shows the new one', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { concerts } = await visitorAgenda(page.request);
    const first = concerts[0]!;
    await renderedRoot(page.request, '/conciertos'); // the visitors' page is now kept
    const fan = await newRequest(playwright, baseURL);
    try {
      await createFan(fan, { keepSession: true });
      expect(
        (await fan.put(`/api/concerts/${first.id}/like`, { data: { liked: true } })).ok(),
      ).toBe(true);
    } finally {
      await fan.dispose();
    }
    const { likeCounts } = (await (await page.request.get('/api/concerts/likes')).json()) as {
      likeCounts: Record<string, number>;
    };
    // The kept page still carries the old count; once it is older than the counts' freshness,
    // the app asks for them again while its cards hydrate, on a slow phone's CPU.
    await page.waitForTimeout(11_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto('/conciertos');
    const card = page.getByRole('list', { name: 'Conciertos' }).getByRole('article').first();
    await expect(card.getByRole('button', { name: 'Inicia sesión para dar like' })).toContainText(
      String(likeCounts[first.id]),
    );
  });

  test('the HTML carries the first card, its venue and each concert page', async ({ request }) => {
    const { concerts } = await visitorAgenda(request);
    const first = concerts[0]!;
    const agenda = await renderedRoot(request, '/conciertos');
    expect(agenda).toContain(escapeHtml(first.bands[0]!.name));
    expect(agenda).toContain(escapeHtml(first.venue));
    expect(agenda).toContain('aria-label="Conciertos"');
    const concertPage = await renderedRoot(request, pageOf(first));
    expect(concertPage).toContain('<h1');
    expect(concertPage).toContain(escapeHtml(first.venue));
    const landing = await renderedRoot(request, '/');
    expect(landing).toContain('TU AGENDA PERSONALIZADA DE CONCIERTOS');
  });

  test('without JavaScript the agenda shows its first page of cards and its links work', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/conciertos');
      const cards = page.getByRole('list', { name: 'Conciertos' }).locator(':scope > li');
      await expect(cards).toHaveCount(24);
      const firstTitle = await cards.first().getByRole('heading', { level: 2 }).textContent();
      // By keyboard: the cards near the bottom take their real height (content-visibility) as the
      // link scrolls into view, and a loaded machine can click where the link was a frame before.
      await page.getByRole('link', { name: 'Página siguiente' }).press('Enter');
      await expect(page).toHaveURL(/\?pagina=2$/);
      await expect(cards.first()).toBeVisible();
      expect(await cards.first().getByRole('heading', { level: 2 }).textContent()).not.toBe(
        firstTitle,
      );
      await cards.first().getByRole('heading', { level: 2 }).getByRole('link').click();
      await expect(page).toHaveURL(/\/conciertos\/\d+-/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Lugar')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('dates rendered in Madrid hydrate cleanly in a browser on another time zone', async ({
    browser,
  }) => {
    const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const { concerts } = await visitorAgenda(page.request);
      for (const path of ['/', '/conciertos', pageOf(concerts[0]!)]) {
        await page.goto(path);
        await expect.poll(() => isReactRoot(page)).toBe(true);
      }
      await expect(
        page.getByText(/(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de/).first(),
      ).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a fan's page carries their scores, and nothing of it reaches another fan or a visitor", async ({
    playwright,
    baseURL,
  }) => {
    // Two fans of opposite tastes, each signed in on their own client.
    const rock = await newRequest(playwright, baseURL);
    const reggae = await newRequest(playwright, baseURL);
    const visitor = await newRequest(playwright, baseURL);
    try {
      await createFan(rock, {
        taste: { topGenres: ['Rock'], dislikedGenres: ['Reggae'] },
        keepSession: true,
      });
      await createFan(reggae, {
        taste: { topGenres: ['Reggae'], dislikedGenres: ['Rock'] },
        keepSession: true,
      });
      // Scores come from the built-in engine in the background, once asked for (as the agenda
      // does): wait until both have theirs.
      const reasonsOf = async (fan: APIRequestContext) => {
        expect((await fan.post('/api/recommendations/generate')).ok()).toBe(true);
        let concerts: ConcertListResponse['concerts'] = [];
        await expect
          .poll(
            async () => {
              concerts = ((await (await fan.get('/api/concerts')).json()) as ConcertListResponse)
                .concerts;
              return concerts.every(
                (concert) => concert.cancelled || concert.recommendation?.reason,
              );
            },
            { timeout: 60_000 },
          )
          .toBe(true);
        return concerts;
      };
      const rockAgenda = await reasonsOf(rock);
      const reggaeAgenda = await reasonsOf(reggae);
      // A concert the rock fan is told about in words the reggae fan never reads.
      const reggaeReasons = new Set(reggaeAgenda.map((concert) => concert.recommendation?.reason));
      const both = rockAgenda.find(
        (concert) => !reggaeReasons.has(concert.recommendation?.reason),
      )!;
      const rockReason = escapeHtml(both.recommendation!.reason!);

      // Each asks twice, so a kept page would show on the second ask.
      for (let round = 0; round < 2; round += 1) {
        expect(await renderedRoot(rock, pageOf(both))).toContain(rockReason);
        expect(await renderedRoot(reggae, pageOf(both))).not.toContain(rockReason);
        expect(await renderedRoot(visitor, pageOf(both))).not.toContain(rockReason);
        expect(await renderedRoot(visitor, pageOf(both))).not.toContain('Encaje:');
        expect(await renderedRoot(reggae, '/conciertos')).not.toContain(rockReason);
        expect(await renderedRoot(visitor, '/conciertos')).not.toContain('Encaje:');
      }
      const mine = await renderedRoot(rock, '/myconcerts');
      const firstScored = rockAgenda[0]!;
      expect(mine).toContain(escapeHtml(firstScored.recommendation!.reason!));
      expect(mine).toContain('Encaje:');
      // A fan's page is for them alone.
      const answer = await rock.get('/myconcerts');
      expect(answer.headers()['cache-control']).toContain('private');
      expect(answer.headers()['vary']).toMatch(/Cookie/i);
      // And a visitor there is sent to the landing by the server itself.
      const away = await visitor.get('/myconcerts', { maxRedirects: 0 });
      expect(away.status()).toBe(302);
      expect(away.headers()['location']).toBe('/');
    } finally {
      await Promise.all([rock, reggae, visitor].map((context) => context.dispose()));
    }
  });
});
