// npm run test:e2e: the browser tests (Playwright with the system Chromium, never a downloaded one).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.E2E === 'skip') {
  console.log('E2E=skip: se omiten las pruebas de navegador.');
  process.exit(0);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `No se encontró Chromium en ${chromium}.\n` +
      'Las pruebas de navegador usan el Chromium del sistema. Instálalo con:\n' +
      '  sudo apt-get install chromium        (Debian/Ubuntu)\n' +
      'o indica otro con CHROMIUM_PATH=/ruta/al/chromium. Para omitirlas a propósito: E2E=skip npm test',
  );
  process.exit(1);
}
try {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  execSync('npx playwright test', { stdio: 'inherit' });
} catch (error) {
  process.exit(error.status ?? 1);
}
