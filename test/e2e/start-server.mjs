// Starts the built server for the Playwright tests on a fresh data directory (fresh embedded
// PostgreSQL with demo data) and forwards SIGTERM/SIGINT so that database is stopped cleanly.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = process.env.E2E_PORT ?? '3100';
// One folder per port, so runs on different ports never share a database.
const dataDir = fileURLToPath(new URL(`../../.data/e2e-${port}`, import.meta.url));

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, ['dist/server/index.js'], {
  cwd: repoRoot,
  stdio: 'inherit',
  // Its own process group: Playwright signals our group, and we pass the signal on exactly once.
  detached: true,
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT ?? '54340',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  },
});

let forwarded = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (forwarded || child.exitCode !== null) return;
    forwarded = true;
    child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error('No se ha podido arrancar el servidor de pruebas:', error);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
