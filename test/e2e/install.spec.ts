import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  allowConsoleErrors,
  expect,
  test,
  type Page,
  type PlaywrightWorkerArgs,
} from './helpers/test';
import { createFan, logInOverApi, newRequest, type Account } from './helpers/users';

// The installable app: its manifest and service worker (client/service-worker.js), and the fan's
// agenda kept for offline use, per fan. Strings are evaluated in the page: the e2e types have no
// DOM.

const BUILT_WORKER = fileURLToPath(new URL('../../dist/client/sw.js', import.meta.url));
const OFFLINE_NOTE = 'Sin conexión: estás viendo tu agenda guardada, puede no estar al día.';

/** The agenda page the worker keeps for offline use (its HTML), or '' when none is kept. */
const keptAgendaPage = (page: Page) =>
  page.evaluate<string>(`caches.match('/myconcerts').then((kept) => (kept ? kept.text() : ''))`);

const fanCaches = (page: Page) =>
  page.evaluate<string[]>(
    `caches.keys().then((names) => names.filter((n) => n.startsWith('fan-')))`,
  );

/** Until the service worker controls the page: the first visit installs it, then it takes over. */
const underWorker = (page: Page) =>
  expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);

/** New fans with the default taste, one per label, signed out. */
async function newFans<const Labels extends readonly string[]>(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  ...labels: Labels
): Promise<{ [K in keyof Labels]: Account }> {
  const request = await newRequest(playwright, baseURL);
  const fans: Account[] = [];
  for (const label of labels) fans.push(await createFan(request, { label }));
  await request.dispose();
  return fans as { [K in keyof Labels]: Account };
}

async function signIn(page: Page, account: Account): Promise<void> {
  expect((await logInOverApi(page.request, account)).ok()).toBe(true);
}

/** Opens /myconcerts under the worker's control and waits until it has kept the fan's copy. */
async function openAgendaKept(page: Page, account: Account): Promise<void> {
  await page.goto('/myconcerts');
  await underWorker(page);
  // Through the worker this time.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tus conciertos' })).toBeVisible();
  await expect.poll(() => keptAgendaPage(page)).toContain(`"email":"${account.email}"`);
}

/** The page's embedded data: whose page it was drawn for. */
const pageData = (page: Page) => page.locator('#app-data').textContent();

/** Reloads with the network cut: the worker's copy of the agenda, marked and noted as such. */
async function expectOfflineAgendaOf(page: Page, account: Account): Promise<void> {
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTE })).toBeVisible();
  await expect(page.locator('meta[name="offline-copy"]')).toHaveCount(1);
  await expect(
    page.getByRole('list', { name: 'Conciertos' }).getByRole('article').first(),
  ).toBeVisible();
  expect(await pageData(page)).toContain(`"email":"${account.email}"`);
  // The app's refresh of a copy older than the agenda's freshness gets the agenda drawn in it.
  const agendaRead = `fetch('/api/concerts').then((r) => r.json()).then((a) => a.concerts.length)`;
  expect(await page.evaluate<number>(agendaRead)).toBeGreaterThan(0);
  await page.context().setOffline(false);
}

/**
 * Offline, /myconcerts is the worker's "Sin conexión" page: no name, address or agenda. In a page
 * of its own, closed before going online.
 */
async function expectNothingPersonalOffline(page: Page, account: Account): Promise<void> {
  const probe = await page.context().newPage();
  await page.context().setOffline(true);
  await probe.goto('/myconcerts');
  await expect(probe.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
  const html = await probe.content();
  expect(html).not.toContain(account.email);
  expect(html).not.toContain('app-data');
  await probe.close();
  await page.context().setOffline(false);
}

test.describe('the installable app', () => {
  test('installs: the manifest and an active service worker are found', async ({
    playwright,
  }, testInfo) => {
    // A profile on disk: Chromium never offers to install from an incognito one, which every
    // context of `browser.newContext()` is.
    const profile = mkdtempSync(path.join(tmpdir(), 'install-e2e-'));
    const { baseURL, launchOptions } = testInfo.project.use;
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect
        .poll(() => page.evaluate('navigator.serviceWorker.ready.then((r) => r.active.state)'))
        .toBe('activated');
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
        name: 'Conciertos Mallorca',
        short_name: 'Conciertos',
        lang: 'es',
      });
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("opens a fan's agenda offline, and never another fan's", async ({ page, playwright }, {
    project,
  }) => {
    const [first, second] = await newFans(
      playwright,
      project.use.baseURL,
      'offline-a',
      'offline-b',
    );
    // Offline on purpose: the app's calls fail while the worker answers the pages.
    allowConsoleErrors(page, /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED /);

    await signIn(page, first);
    await openAgendaKept(page, first);
    await expectOfflineAgendaOf(page, first);

    // Signing out deletes the fan's copy: offline, the agenda is "Sin conexión", nothing else.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => fanCaches(page)).toEqual([]);
    await expectNothingPersonalOffline(page, first);

    await signIn(page, second);
    await openAgendaKept(page, second);
    await expectOfflineAgendaOf(page, second);
    expect(await pageData(page)).not.toContain(first.email);

    // A session lost without signing out: the next fan's page still replaces the copy.
    await page.context().clearCookies();
    await signIn(page, first);
    await openAgendaKept(page, first);
    expect(await fanCaches(page)).toHaveLength(1);
    expect(await keptAgendaPage(page)).not.toContain(second.email);
  });

  test('the copy goes with its session: ended elsewhere, or past its expiry', async ({
    page,
    playwright,
  }, { project }) => {
    const [fan] = await newFans(playwright, project.use.baseURL, 'offline-ended');
    await signIn(page, fan);
    await openAgendaKept(page, fan);
    // The copy carries its session's expiry (about 30 days ahead).
    const forgetAt = await page.evaluate<string>(
      `caches.match('/myconcerts').then((kept) => kept.headers.get('X-Forget-At'))`,
    );
    expect(Date.parse(forgetAt)).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    // Another device signs in and closes the other sessions: this browser's is over. The next
    // time the page reaches the server it hears so, and the copy goes.
    const other = await newRequest(playwright, project.use.baseURL);
    expect((await logInOverApi(other, fan)).ok()).toBe(true);
    expect((await other.post('/api/profile/sessions/end-others', { data: {} })).status()).toBe(204);
    await other.dispose();
    await page.goto('/myconcerts');
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => fanCaches(page)).toEqual([]);
    await expectNothingPersonalOffline(page, fan);

    // A copy whose session's time has passed is forgotten offline, without asking anyone.
    await signIn(page, fan);
    await openAgendaKept(page, fan);
    await page.evaluate(`(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('fan-'));
      const cache = await caches.open(name);
      for (const path of ['/myconcerts', '/api/concerts']) {
        const kept = await cache.match(path);
        const headers = new Headers(kept.headers);
        headers.set('X-Forget-At', new Date(Date.now() - 1000).toISOString());
        await cache.put(path, new Response(await kept.blob(), { headers }));
      }
    })()`);
    await expectNothingPersonalOffline(page, fan);
    await expect.poll(() => fanCaches(page)).toEqual([]);
  });

  test('offers a new version once deployed; taking it reloads and redraws the kept agenda', async ({
    page,
    playwright,
  }, { project }) => {
    const [fan] = await newFans(playwright, project.use.baseURL, 'update');
    await signIn(page, fan);
    await openAgendaKept(page, fan);
    const keptReadAt = async () => Number(/"readAt":(\d+)/.exec(await keptAgendaPage(page))?.[1]);
    const drawnAt = await keptReadAt();
    await page.goto('/profile');
    await expect(page.getByText('Hay una versión nueva')).toHaveCount(0);

    // A new deploy, as the server sees one: the built worker with other bytes (Playwright's
    // routes never see a worker's script).
    const deployed = readFileSync(BUILT_WORKER, 'utf8');
    writeFileSync(BUILT_WORKER, `${deployed}\n// Otra versión\n`);
    try {
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
      const prompt = page
        .getByRole('status')
        .filter({ hasText: 'Hay una versión nueva de Conciertos Mallorca.' });
      await expect(prompt).toBeVisible();
      await Promise.all([
        page.waitForEvent('load'),
        prompt.getByRole('button', { name: 'Actualizar' }).click(),
      ]);
      await expect(prompt).toHaveCount(0);
    } finally {
      writeFileSync(BUILT_WORKER, deployed);
    }
    const state =
      'navigator.serviceWorker.getRegistration().then((r) => [r.waiting, r.active.state])';
    expect(await page.evaluate(state)).toEqual([null, 'activated']);
    // The copy loads the files of the build it was drawn by: the new worker draws it again.
    await expect.poll(keptReadAt).toBeGreaterThan(drawnAt);
  });
});
