// The JavaScript a first visit really downloads, counted in a browser: every script response's
// transferred bytes (brotli, as Chromium asks; for `/` also with gzip only; headers included, as
// Chromium's Network panel shows them) until the network has been idle, lazy chunks fetched after
// load included. landing-bundle counts only what index.html imports statically; this is what a
// phone pays. The built app (`npm run build` first) with demo data, each page in a new Chromium
// with an empty cache: `/`, `/conciertos` and a concert page for a visitor, `/myconcerts` for the
// signed-in demo fan.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { signInDemoFan } from './lib/demo-fan.js';
import { withDemoServer } from './lib/server-process.js';
import type { BenchResult } from './types.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LANDING_BUDGET_KB = 110;
/** After network idle: what the page imports when the browser is idle, or on a timer, counts. */
const SETTLE_MS = 2_000;

interface ScriptLoad {
  kb: number;
  files: number;
}

async function scriptsOf(url: string, cookie?: string, gzipOnly = false): Promise<ScriptLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (cookie) {
      const equals = cookie.indexOf('=');
      await context.addCookies([
        { name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url },
      ]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // A browser without brotli: the assets' gzip, as the build wrote it, instead.
    if (gzipOnly) await page.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip' });
    const scripts = new Set<string>();
    const bytes = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      bytes.set(event.requestId, event.encodedDataLength);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState('networkidle');
    const total = [...scripts].reduce((sum, id) => sum + (bytes.get(id) ?? 0), 0);
    return { kb: total / 1024, files: scripts.size };
  } finally {
    await browser.close();
  }
}

async function firstConcertPath(base: string): Promise<string> {
  const response = await fetch(`${base}/sitemap.xml`);
  for (const [, loc] of (await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const pathname = new URL(loc!).pathname; // the group always matches
    if (/^\/conciertos\/\d+-[^/]+$/.test(pathname)) return pathname;
  }
  throw new Error('/sitemap.xml no lista ningún concierto');
}

export async function run(): Promise<BenchResult[]> {
  return withDemoServer(repoRoot, 'landing-browser', async ({ server, base }) => {
    const cookie = await signInDemoFan(base, server.output());
    const pages: Array<[string, string, string | undefined]> = [
      ['/', '/', undefined],
      ['/conciertos', '/conciertos', undefined],
      ['concert page', await firstConcertPath(base), undefined],
      ['/myconcerts (demo fan)', '/myconcerts', cookie],
    ];
    const rows: BenchResult[] = [];
    for (const [name, path, pageCookie] of pages) {
      const load = await scriptsOf(`${base}${path}`, pageCookie);
      const landing = path === '/';
      const budget = (kb: number) =>
        landing ? { budget: `<= ${LANDING_BUDGET_KB}`, ok: kb <= LANDING_BUDGET_KB } : {};
      rows.push({
        name: `browser JS: ${name} (transferred, brotli)`,
        value: load.kb,
        unit: 'KB',
        ...budget(load.kb),
      });
      rows.push({ name: `browser JS: ${name} script files`, value: load.files, unit: 'files' });
      if (landing) {
        const gzip = await scriptsOf(`${base}${path}`, pageCookie, true);
        rows.push({
          name: `browser JS: ${name} (transferred, gzip only)`,
          value: gzip.kb,
          unit: 'KB',
          ...budget(gzip.kb),
        });
      }
    }
    return rows;
  });
}
