// npm run screenshots: the README's pictures, taken from the built app (built first when stale)
// on a fresh embedded database with demo data, in the system Chromium. Writes docs/screenshots/.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.SCREENSHOTS_PORT ?? '3300';
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(repoRoot, '.data', `screenshots-${port}`);
const outDir = path.join(repoRoot, 'docs', 'screenshots');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** What to take: the page, who looks at it, and on what screen. */
const SHOTS = [
  { file: 'landing-desktop.png', page: '/', viewport: DESKTOP, fan: false },
  { file: 'agenda-phone.png', page: '/conciertos', viewport: PHONE, fan: false },
  // The demo fan's best matches: the flames are what the app is about.
  {
    file: 'myconcerts-desktop.png',
    page: '/myconcerts?puntuacion=extreme',
    viewport: DESKTOP,
    fan: true,
  },
];

execSync('node scripts/ensure-build.mjs', { cwd: repoRoot, stdio: 'inherit' });
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
mkdirSync(outDir, { recursive: true });

// The app as `npm start` shows it: nothing from the shell, and an empty value (which a .env file
// does not override) for each setting that would change what the pages show.
const UNSET = [
  'DATABASE_URL',
  'OPENAI_API_KEY',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'SPOTIFY_CLIENT_ID',
  'SPOTIFY_CLIENT_SECRET',
  'BANDS_FORM_URL',
  'PUBLIC_SITE_URL',
  'ANALYTICS_SCRIPT_URL',
];
const server = spawn(process.execPath, ['dist/server/index.js'], {
  cwd: repoRoot,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...Object.fromEntries(UNSET.map((name) => [name, ''])),
    NODE_ENV: 'development',
    PORT: port,
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: process.env.SCREENSHOTS_POSTGRES_PORT ?? '54360',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  },
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk.toString()));
const exited = new Promise((resolve) => server.on('exit', resolve));

async function waitUntilReady() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó:\n${output}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error('el servidor no estuvo listo en 120 s');
}

/** Signs the demo fan in and waits until every concert of their agenda has its score. */
async function demoFanCookie() {
  const password = /fan@demo\.local \/ (\S+)/.exec(output)?.[1] ?? 'demo-fan-1234';
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'fan@demo.local', password }),
  });
  if (!login.ok) throw new Error(`login del fan de demostración: ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  await fetch(`${base}/api/recommendations/generate`, { method: 'POST', headers: { cookie } });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const progress = await (
      await fetch(`${base}/api/recommendations/progress`, { headers: { cookie } })
    ).json();
    if (!progress.running && progress.scored >= progress.total) return cookie;
    await sleep(250);
  }
  throw new Error('la agenda del fan de demostración no terminó de puntuarse en 120 s');
}

/**
 * The browser's environment: Spanish (date inputs follow the browser's language, not the page's
 * locale) and, with SCREENSHOTS_FONT_DIR, the fonts of that folder too (e.g. a colour emoji font
 * unpacked from fonts-noto-color-emoji, for the score's flames on a machine without one).
 */
function browserEnv() {
  const env = { ...process.env, LANG: 'es_ES.UTF-8', LANGUAGE: 'es' };
  const fontDir = process.env.SCREENSHOTS_FONT_DIR;
  if (fontDir) {
    env.FONTCONFIG_FILE = path.join(dataDir, 'fonts.conf');
    writeFileSync(
      env.FONTCONFIG_FILE,
      `<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>` +
        `<dir>${path.resolve(fontDir)}</dir></fontconfig>\n`,
    );
  }
  try {
    const fire = execSync('fc-list :charset=1f525 family', { env, encoding: 'utf8' });
    if (fire.trim() === '')
      console.warn('Aviso: ninguna fuente dibuja 🔥 (ver SCREENSHOTS_FONT_DIR).');
  } catch {
    // No fc-list: nothing to check.
  }
  return env;
}

let browser;
try {
  await waitUntilReady();
  const cookie = await demoFanCookie();
  const [name, value] = [
    cookie.slice(0, cookie.indexOf('=')),
    cookie.slice(cookie.indexOf('=') + 1),
  ];
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--lang=es-ES'],
    env: browserEnv(),
  });
  for (const shot of SHOTS) {
    const phone = shot.viewport === PHONE;
    const context = await browser.newContext({
      viewport: shot.viewport,
      isMobile: phone,
      hasTouch: phone,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    if (shot.fan) await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}${shot.page}`, { waitUntil: 'networkidle' });
    // The agenda draws its cards in slices after hydration; pictures load lazily.
    await page.waitForTimeout(1500);
    const file = path.join(outDir, shot.file);
    // A palette PNG: a quarter of the size, and the pictures are flat colours and text.
    await sharp(await page.screenshot())
      .png({ palette: true })
      .toFile(file);
    console.log(`${path.relative(repoRoot, file)}: ${Math.round(statSync(file).size / 1024)} KB`);
    await context.close();
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
