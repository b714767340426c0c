import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

let database: TestDatabase;
let clientDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(path.join(tmpdir(), 'cm-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="es"><head><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
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

  it('tells the page whether a session cookie came with it, and varies on Cookie', async () => {
    const { app } = createTestApp({ database, clientDir });
    const none = '<meta name="cm-session" content="none">';
    const cookie = '<meta name="cm-session" content="cookie">';
    const visitor = await request(app).get('/').expect(200);
    expect(visitor.text).toContain(none);
    expect(visitor.headers['vary']).toMatch(/cookie/i);
    // The header is in the HTML already; with a cookie it keeps the account buttons' room.
    const room = 'site-header__actions--room';
    // A visitor on the landing also gets its hero's words; other pages only the header.
    expect(visitor.text).toMatch(
      /<div id="root"><header class="site-header">.*<\/header><main id="contenido".*TU AGENDA PERSONALIZADA DE CONCIERTOS.*<\/main><\/div>/,
    );
    const about = await request(app).get('/about').expect(200);
    expect(about.text).toMatch(/<div id="root"><header class="site-header">.*<\/header><\/div>/);
    expect(visitor.text).not.toContain(room);
    const other = await request(app).get('/').set('Cookie', 'tema=oscuro; xcm.sid=1').expect(200);
    expect(other.text).toContain(none);
    for (const sent of ['cm.sid=s%3Aabc.def', 'tema=oscuro; __Host-cm.sid=s%3Aabc.def']) {
      const res = await request(app).get('/myconcerts').set('Cookie', sent).expect(200);
      expect(res.text).toContain(cookie);
      expect(res.text).not.toContain(none);
      expect(res.text).toContain(room);
    }
  });

  it("preloads the agenda's code and data on /myconcerts for a browser with a session cookie, and on /conciertos", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cm-client-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="es"><head><!--app-config--></head><body></body></html>',
    );
    writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index-1.js',
          css: ['assets/index-1.css'],
          imports: ['_jsx-runtime-4.js'],
        },
        'src/features/concerts/MyConcertsPage.tsx': {
          file: 'assets/MyConcertsPage-2.js',
          css: ['assets/MyConcertsPage-2.css'],
          imports: ['index.html', '_usePageTitle-3.js', '_jsx-runtime-4.js'],
        },
        'src/features/concerts/PublicAgendaPage.tsx': {
          file: 'assets/PublicAgendaPage-5.js',
          imports: ['index.html', '_usePageTitle-3.js', '_FiltersBar-6.js'],
        },
        '_FiltersBar-6.js': { file: 'assets/FiltersBar-6.js', css: ['assets/FiltersBar-6.css'] },
        '_jsx-runtime-4.js': { file: 'assets/jsx-runtime-4.js' },
        '_usePageTitle-3.js': { file: 'assets/usePageTitle-3.js', imports: ['index.html'] },
      }),
    );
    const { app } = createTestApp({ database, clientDir: dir });
    const links = [
      '<link rel="modulepreload" crossorigin href="/assets/MyConcertsPage-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/usePageTitle-3.js">',
      '<link rel="stylesheet" crossorigin href="/assets/MyConcertsPage-2.css">',
      '<link rel="preload" href="/api/concerts" as="fetch" crossorigin>',
      '<link rel="preload" href="/api/concerts/likes" as="fetch" crossorigin>',
    ];
    const sessionLink = '<link rel="preload" href="/api/session" as="fetch" crossorigin>';
    const agenda = await request(app).get('/myconcerts/').set('Cookie', 'cm.sid=x').expect(200);
    for (const link of [sessionLink, ...links]) expect(agenda.text).toContain(link);
    expect(agenda.text).not.toMatch(/index-1|jsx-runtime-4/);
    // A visitor is sent to the landing, and other pages do not need the agenda; with a cookie
    // every page needs the session first.
    const visitor = await request(app).get('/myconcerts').expect(200);
    expect(visitor.text).not.toContain('rel="preload"');
    const profile = await request(app).get('/profile').set('Cookie', 'cm.sid=x').expect(200);
    expect(profile.text.match(/rel="preload"[^>]*>/g)).toEqual([
      'rel="preload" href="/api/session" as="fetch" crossorigin>',
    ]);
    // The public agenda preloads its own code and the data for everyone, cookie or not.
    for (const cookie of [undefined, 'cm.sid=x']) {
      const res = await (
        cookie
          ? request(app).get('/conciertos').set('Cookie', cookie)
          : request(app).get('/conciertos')
      ).expect(200);
      const head = res.text.slice(0, res.text.indexOf('</head>'));
      for (const link of [
        '<link rel="modulepreload" crossorigin href="/assets/PublicAgendaPage-5.js">',
        '<link rel="modulepreload" crossorigin href="/assets/usePageTitle-3.js">',
        '<link rel="modulepreload" crossorigin href="/assets/FiltersBar-6.js">',
        '<link rel="stylesheet" crossorigin href="/assets/FiltersBar-6.css">',
        '<link rel="preload" href="/api/concerts" as="fetch" crossorigin>',
      ])
        expect(head).toContain(link);
      expect(head).not.toMatch(/MyConcertsPage|index-1|jsx-runtime-4/);
    }
    // The manifest itself is not served.
    await request(app).get('/.vite/manifest.json').expect(200).expect('Content-Type', /html/);
  });

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const { app } = createTestApp({ database, clientDir });
    const res = await request(app).get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/assets/missing.js').expect(404);
  });

  it('sends a strict CSP that only adds the analytics origin when configured', async () => {
    const plain = createTestApp({ database, clientDir }).app;
    const csp = (await request(plain).get('/')).headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");

    const withAnalytics = createTestApp({
      database,
      clientDir,
      env: { ANALYTICS_SCRIPT_URL: 'https://stats.example.org/script.js' },
    }).app;
    const res = await request(withAnalytics).get('/');
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' https://stats.example.org;",
    );
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

  it('compresses large responses', async () => {
    writeFileSync(path.join(clientDir, 'assets', 'big-1.js'), 'x'.repeat(20_000));
    const { app } = createTestApp({ database, clientDir });
    const res = await request(app).get('/assets/big-1.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
