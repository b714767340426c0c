import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import request from 'supertest';
import { HEAD_SCRIPT } from '../common/pages/head-script.js';
import { HtmlShell } from '../server/ssr/html-shell.js';
import { createTestApp } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { appRenderer } from './helpers/render.js';
import { signedInAgent } from './helpers/session.js';

let database: TestDatabase;
let clientDir: string;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(path.join(tmpdir(), 'cm-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="es"><head><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As scripts/precompress.mjs leaves them beside a built asset.
  writeFileSync(path.join(clientDir, 'assets', 'chunk-def456.js'), SCRIPT);
  writeFileSync(path.join(clientDir, 'assets', 'chunk-def456.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(clientDir, 'assets', 'chunk-def456.js.gz'), gzipSync(SCRIPT));
});
afterAll(() => database.destroy());

describe('the built SPA', () => {
  it('serves index.html for client routes, uncached, with the public config injected', async () => {
    const { app } = createTestApp({
      database,
      clientDir,
      env: {
        BANDS_FORM_URL: 'https://forms.example.com/bandas',
        SPOTIFY_CLIENT_ID: 'x',
        SPOTIFY_CLIENT_SECRET: 'secreto-spotify',
      },
    });
    for (const route of ['/', '/myconcerts', '/cualquier/cosa']) {
      const res = await request(app).get(route).expect(200);
      expect(res.headers['content-type']).toMatch(/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<script id="app-config" type="application/json">');
      expect(res.text).toContain('"spotifyEnabled":true');
      expect(res.text).toContain('https://forms.example.com/bandas');
      expect(res.text).not.toContain('secreto-spotify');
    }
  });

  it('renders every page with the app itself, from the data it embeds for hydration', async () => {
    const { app } = createTestApp({ database, clientDir, render: await appRenderer() });
    const landing = await request(app).get('/').expect(200);
    expect(landing.headers['vary']).toMatch(/cookie/i);
    expect(landing.text).toMatch(
      /<div id="root">.*<header class="site-header">.*TU AGENDA PERSONALIZADA DE CONCIERTOS.*<\/div><script id="app-data" type="application\/json">\{"readAt":\d+,"locale":"es","session":\{"user":null\},"carousel":/s,
    );
    const about = await request(app).get('/about').expect(200);
    expect(about.text).toMatch(/<h1[^>]*>Quiénes somos<\/h1>/);
    // Pages for signed-in people send a visitor away from the server itself.
    await request(app).get('/myconcerts').expect(302).expect('Location', '/');
    await request(app).get('/profile').expect(302).expect('Location', '/');
    // An unknown address goes back to the landing.
    await request(app).get('/cualquier/cosa').expect(302).expect('Location', '/');
    // A fan's pages are theirs: rendered with their session, never kept by a shared cache.
    const { agent, email } = await signedInAgent(app, database.db, { onboarding_completed: true });
    const profile = await agent.get('/profile').expect(200);
    expect(profile.headers['cache-control']).toBe('private, no-cache');
    expect(profile.text).toContain(`"email":"${email}"`);
    expect(profile.text).toMatch(/<nav aria-label="Tu cuenta"/);
    await agent.get('/').expect(302).expect('Location', '/myconcerts');
  });

  it("preloads each page's own code; the data comes in the page, but a visitor's agenda", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cm-client-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="es"><head><!--app-config--></head><body></body></html>',
    );
    writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_jsx-runtime-4.js'] },
        'src/features/concerts/MyConcertsPage.tsx': {
          file: 'assets/MyConcertsPage-2.js',
          imports: ['index.html', '_usePageTitle-3.js', '_jsx-runtime-4.js'],
        },
        'src/features/concerts/PublicAgendaPage.tsx': {
          file: 'assets/PublicAgendaPage-5.js',
          imports: ['index.html', '_usePageTitle-3.js', '_FiltersBar-6.js'],
        },
        '_FiltersBar-6.js': { file: 'assets/FiltersBar-6.js' },
        'src/features/admin/AdminPage.tsx': {
          file: 'assets/AdminPage-7.js',
          imports: ['index.html'],
        },
        '../virtual:catalogue/admin/es': { file: 'assets/es-8.js' },
        '../virtual:catalogue/admin/ca': { file: 'assets/ca-9.js' },
        '_jsx-runtime-4.js': { file: 'assets/jsx-runtime-4.js' },
        '_usePageTitle-3.js': { file: 'assets/usePageTitle-3.js', imports: ['index.html'] },
      }),
    );
    const { app } = createTestApp({ database, clientDir: dir });
    const mine = await request(app).get('/myconcerts/').expect(200);
    for (const link of [
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/MyConcertsPage-2.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/usePageTitle-3.js">',
    ])
      expect(mine.text).toContain(link);
    expect(mine.text).not.toMatch(/index-1|jsx-runtime-4|PublicAgendaPage|rel="preload"/);
    const agenda = await request(app).get('/conciertos').expect(200);
    const head = agenda.text.slice(0, agenda.text.indexOf('</head>'));
    for (const link of [
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/PublicAgendaPage-5.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/usePageTitle-3.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/FiltersBar-6.js">',
    ])
      expect(head).toContain(link);
    expect(head).not.toMatch(/MyConcertsPage|index-1|jsx-runtime-4/);
    // A visitor's agenda (a season of concerts) stays in the API: preloaded, not in the page, in
    // the page's language as the app will ask for it.
    expect(head).toContain(
      '<link rel="preload" href="/api/concerts?lang=es" as="fetch" crossorigin>',
    );
    const catalan = await request(app).get('/conciertos?lang=ca').expect(200);
    expect(catalan.text).toContain(
      '<link rel="preload" href="/api/concerts?lang=ca" as="fetch" crossorigin>',
    );
    const about = await request(app).get('/about').expect(200);
    expect(about.text).not.toContain('modulepreload');
    // The admin's pages hydrate with the admin's texts, only in the page's language.
    const admin = await request(app).get('/Admin/conciertos').set('Cookie', 'lang=ca').expect(200);
    expect(admin.text).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/AdminPage-7.js">',
    );
    expect(admin.text).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ca-9.js">',
    );
    expect(admin.text).not.toContain('es-8');
    const spanishAdmin = await request(app).get('/admin').expect(200);
    expect(spanishAdmin.text).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/es-8.js">',
    );
    expect(agenda.text).not.toMatch(/AdminPage|es-8|ca-9/);
    // The manifest itself is not served.
    await request(app).get('/.vite/manifest.json').expect(200).expect('Content-Type', /html/);
  });

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const { app } = createTestApp({ database, clientDir });
    const res = await request(app).get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/assets/missing.js').expect(404);
  });

  it('sends an asset as the build compressed it: brotli, else gzip, else as it is', async () => {
    const { app } = createTestApp({ database, clientDir });
    const asset = '/assets/chunk-def456.js';
    const brotli = await request(app)
      .get(asset)
      .set('Accept-Encoding', 'gzip, deflate, br, zstd')
      .expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript/);
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's file as it is (supertest then decompresses it).
    expect(Number(brotli.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(brotli.text).toBe(SCRIPT);

    const gzip = await request(app).get(asset).set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SCRIPT); // supertest unzips it

    const plain = await request(app).get(asset).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it("sends a strict CSP that frames only Spotify's player and adds the analytics origin when configured", async () => {
    const plain = createTestApp({ database, clientDir }).app;
    const csp = (await request(plain).get('/')).headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    // One inline script, allowed by its hash: the early-taps keeper and Intl's start, in the page
    // as hashed.
    const script = /script-src 'self' 'sha256-([A-Za-z0-9+/=]+)';/.exec(String(csp));
    expect(script).not.toBeNull();
    const page = (await request(plain).get('/')).text;
    expect(page).toContain(`<script>${HEAD_SCRIPT}</script>`);
    expect(createHash('sha256').update(HEAD_SCRIPT).digest('base64')).toBe(script![1]);
    expect(csp).toContain("frame-ancestors 'none'");
    // One frame source, exactly Spotify's player (the cards' 'Escuchar aquí'); no child-src.
    expect(csp).toMatch(/(^|;)frame-src https:\/\/open\.spotify\.com(;|$)/);
    expect(csp).not.toContain('child-src');

    const withAnalytics = createTestApp({
      database,
      clientDir,
      env: { ANALYTICS_SCRIPT_URL: 'https://stats.example.org/script.js' },
    }).app;
    const res = await request(withAnalytics).get('/');
    expect(res.headers['content-security-policy']).toContain('https://stats.example.org;');
    expect(res.text).toContain('<script defer src="https://stats.example.org/script.js"></script>');
    const noAnalytics = await request(plain).get('/');
    expect(noAnalytics.text).not.toContain('stats.example.org');
  });

  it('never loads the analytics script on the pages whose address carries a token', async () => {
    const { app } = createTestApp({
      database,
      clientDir,
      env: { ANALYTICS_SCRIPT_URL: 'https://stats.example.org/script.js' },
    });
    const script = '<script defer src="https://stats.example.org/script.js"></script>';
    for (const route of [
      '/',
      '/myconcerts',
      '/profile',
      '/update-passwords',
      '/unsubscribe/otra',
    ]) {
      expect((await request(app).get(route).expect(200)).text).toContain(script);
    }
    for (const route of [
      '/update-password',
      '/verificar-email',
      '/unsubscribe?userId=1&token=abc',
      '/unsubscribe/',
      '/Update-Password/', // the client's router matches in any case, with a trailing slash
      '/UNSUBSCRIBE',
      '/Verificar-Email/',
    ]) {
      const res = await request(app).get(route).expect(200);
      expect(res.text).toContain('<script id="app-config" type="application/json">');
      expect(res.text).not.toContain('stats.example.org');
    }
  });

  it('serves the manifest, with its icons, and a service worker browsers always check', async () => {
    const publicDir = fileURLToPath(new URL('../client/public/', import.meta.url));
    const dir = mkdtempSync(path.join(tmpdir(), 'cm-client-'));
    for (const name of ['manifest.webmanifest', 'manifest.ca.webmanifest']) {
      copyFileSync(path.join(publicDir, name), path.join(dir, name));
    }
    writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => undefined);");
    const { app } = createTestApp({ database, clientDir: dir });

    const manifest = await request(app).get('/manifest.webmanifest').expect(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
    const { icons, ...fields } = JSON.parse(manifest.text);
    expect(fields).toMatchObject({
      lang: 'es',
      name: 'Conciertos Mallorca',
      short_name: 'Conciertos',
      start_url: '/myconcerts',
      scope: '/',
      display: 'standalone',
    });
    expect(fields.description).toMatch(/conciertos en Mallorca/);
    // Each icon is the PNG it says, of the size it says: 192 and 512, and a maskable 512.
    for (const icon of icons) {
      const picture = await sharp(path.join(publicDir, icon.src)).metadata();
      expect([icon.type, icon.sizes]).toEqual(['image/png', `${picture.width}x${picture.height}`]);
    }
    expect(
      icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`),
    ).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    // The Catalan pages' manifest: the same app in Catalan words.
    const catalan = JSON.parse(
      (await request(app).get('/manifest.ca.webmanifest').expect(200)).text,
    ) as Record<string, unknown>;
    expect(catalan).toEqual({
      ...fields,
      icons,
      lang: 'ca',
      short_name: 'Concerts',
      description: expect.stringMatching(/concerts a Mallorca/),
    });

    const worker = await request(app).get('/sw.js').expect(200);
    expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it("links each page to its language's manifest", () => {
    const shell = new HtmlShell(
      readFileSync(new URL('../client/index.html', import.meta.url), 'utf8'),
    );
    const head = { title: 'T', description: 'D' };
    expect(shell.render(head, '', '</div>', '', 'es')).toContain('href="/manifest.webmanifest"');
    expect(shell.render(head, '', '</div>', '', 'ca')).toContain('href="/manifest.ca.webmanifest"');
  });

  it('compresses large responses', async () => {
    writeFileSync(path.join(clientDir, 'assets', 'big-1.js'), 'x'.repeat(20_000));
    const { app } = createTestApp({ database, clientDir });
    const res = await request(app).get('/assets/big-1.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
