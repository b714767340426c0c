// A favourite artist's concert is the fan's top match, whatever its genre, and the card says why.
import type { ConcertListResponse } from '../../common/concerts/types';
import { createFan, newRequest } from './helpers/users';
import { expect, test } from './helpers/test';

test("a fan with a favourite artist sees 🔥🔥🔥 and the artist on that concert's card", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const request = await newRequest(playwright, baseURL);
  const context = await browser.newContext();
  try {
    const visitorAgenda = (await (
      await request.get('/api/concerts')
    ).json()) as ConcertListResponse;
    const target = visitorAgenda.concerts.find(
      (concert) => concert.bands.length > 0 && !concert.cancelled,
    )!;
    const artist = target.bands[0]!.name;
    // Typed in capitals, and of a genre the fan dislikes: the favourite still wins.
    await createFan(request, {
      label: 'favourite',
      taste: {
        topGenres: ['Techno'],
        dislikedGenres: [target.genre],
        topArtists: [artist.toUpperCase()],
      },
      keepSession: true,
    });
    await context.addCookies((await request.storageState()).cookies);
    const page = await context.newPage();
    await page.goto('/myconcerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Tus conciertos' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Encaje: calculando' })).toHaveCount(0, {
      timeout: 60_000,
    });
    const card = page
      .getByRole('article')
      .filter({ has: page.locator(`a[href^="/conciertos/${target.id}-"]`) });
    await expect(card.getByRole('img', { name: 'Encaje: muy alto' })).toBeVisible();
    await expect(card.getByRole('img', { name: 'Encaje: muy alto' })).toHaveText('🔥🔥🔥');
    await expect(card.locator('.concert-card__reason')).toContainText(artist);
  } finally {
    await context.close();
    await request.dispose();
  }
});
