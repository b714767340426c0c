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

// A real OAuth 2 peer standing in for Google (oauth2-mock-server): its /authorize answers at once
// with a code, and its userinfo is a verified Google fan.
const GOOGLE_FAN = {
  sub: 'e2e-google-fan',
  email: 'google.fan@example.com',
  email_verified: true,
  name: 'Fan de Google',
};
const { OAuth2Server } = await import('oauth2-mock-server');
const oauth = new OAuth2Server();
await oauth.issuer.keys.generate('RS256');
await oauth.start(0, '127.0.0.1');
oauth.service.on('beforeUserinfo', (response) => {
  response.body = GOOGLE_FAN;
});
const oauthUrl = oauth.issuer.url;

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
    // As behind a local proxy: the specs' helpers give each new account its own X-Forwarded-For
    // (test/e2e/helpers/users.ts), so sign-ups are not all counted against 127.0.0.1.
    TRUST_PROXY: 'loopback',
    // The address the browser uses: OAuth callbacks and mail links must land on the same host.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // A browser test fills 'Publica tus conciertos' faster than a person could; the API tests
    // check the minimum fill time.
    SUBMISSION_MIN_FILL_SECONDS: '0',
    // The sources' spec serves its calendar from 127.0.0.1, a network the importer refuses unless
    // told (server/config/import-settings.ts).
    IMPORT_ALLOW_PRIVATE_NETWORKS: 'true',
    GOOGLE_CLIENT_ID: 'e2e-google-client',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    GOOGLE_AUTHORIZATION_URL: `${oauthUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${oauthUrl}/token`,
    GOOGLE_USERINFO_URL: `${oauthUrl}/userinfo`,
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
  void oauth.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
