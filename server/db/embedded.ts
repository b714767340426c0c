// A real PostgreSQL server started by the app itself when DATABASE_URL is unset.
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../lib/logger.js';
import { StartupError } from '../lib/startup-error.js';
import {
  canEnter,
  findBinaries,
  postgresUser,
  SYSTEM_DIR,
  systemClusterDir,
  type RunAs,
} from './embedded-binaries.js';
import { initCluster, startCluster, type ClusterOptions } from './embedded-cluster.js';
import { adminUrl, createPassword, readPassword, settlePassword } from './embedded-password.js';

export const EMBEDDED_DATABASE = 'conciertos';
const DATABASE = EMBEDDED_DATABASE;

export interface EmbeddedDatabase {
  url: string;
  /** Where the data is (DATA_DIR/postgres, or a system folder when root's 'postgres' cannot reach it). */
  clusterDir: string;
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

function makeDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new StartupError(
      `No se puede crear DATA_DIR (${dataDir}): ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Usa DATA_DIR con una carpeta en la que este usuario pueda escribir, o define DATABASE_URL.`,
    );
  }
}

/**
 * The cluster's folder. As root the server runs as 'postgres', which cannot enter a DATA_DIR inside
 * a private home (0700): a new cluster then goes to SYSTEM_DIR, one folder per DATA_DIR.
 */
function chooseClusterDir(dataDir: string, runAs: RunAs | undefined, log: Logger): string {
  const inDataDir = path.join(dataDir, 'postgres');
  if (!runAs || canEnter(runAs, dataDir)) return inDataDir;
  if (existsSync(path.join(inDataDir, 'PG_VERSION'))) {
    throw new StartupError(
      `La base de datos embebida está en ${inDataDir}, pero el usuario 'postgres' no puede entrar en esa carpeta: arranca la app como un usuario normal, dale paso (chmod o+x) a las carpetas de esa ruta, o define DATABASE_URL.`,
    );
  }
  const systemDir = systemClusterDir(dataDir);
  log.info(
    { dataDir, clusterDir: systemDir },
    `El usuario 'postgres' no puede entrar en DATA_DIR: los datos del PostgreSQL embebido se guardan en ${systemDir}.`,
  );
  return systemDir;
}

/** The folder exists, belongs to whoever runs postgres, and is 0700 (postgres insists on it). */
function prepareClusterDir(dir: string, runAs: RunAs | undefined): void {
  const owner = runAs?.uid ?? process.getuid?.() ?? 0;
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    const found = statSync(dir).uid;
    if (found !== owner) {
      throw new StartupError(
        `La base de datos embebida de ${dir} pertenece a otro usuario (uid ${found}): arranca la app con ese usuario, cambia DATA_DIR o define DATABASE_URL.`,
      );
    }
    return;
  }
  try {
    if (dir.startsWith(`${SYSTEM_DIR}/`)) mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
    // initdb wants it missing or empty: a half-made one from a failed first start goes.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  } catch (error) {
    throw new StartupError(
      `No se puede preparar la carpeta de la base de datos embebida (${dir}): ${(error as Error).message}. Cambia DATA_DIR, arranca la app como un usuario normal o define DATABASE_URL.`,
    );
  }
}

function sqlAsciiSteps(clusterDir: string): string {
  return (
    `La base de datos embebida de ${clusterDir} se creó con la codificación SQL_ASCII (una versión anterior arrancada sin locale) y con ella la búsqueda sin acentos no funciona. ` +
    `Detén la app, apártala con "mv ${clusterDir} ${clusterDir}-sql_ascii" y vuelve a arrancar: se creará una nueva en UTF-8 (con los datos de demostración si DEMO_DATA lo permite); ` +
    `para conservar sus datos, vuélcalos antes con pg_dump 18 y cárgalos en la nueva, o usa DATABASE_URL.`
  );
}

/**
 * The app's database, always UTF-8 even in a cluster made before initdb got explicit flags. One
 * made SQL_ASCII by an earlier version is refused with the steps (see ARCHITECTURE.md: no pg_dump
 * ships with the embedded programs, so it is not converted in place).
 */
async function ensureDatabase(url: string, clusterDir: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ encoding: string }>(
      'SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = $1',
      [DATABASE],
    );
    const encoding = found.rows[0]?.encoding;
    if (encoding === undefined) {
      await client.query(
        `CREATE DATABASE ${client.escapeIdentifier(DATABASE)} TEMPLATE template0 ENCODING 'UTF8' ` +
          `LOCALE_PROVIDER builtin BUILTIN_LOCALE 'C.UTF-8' LC_COLLATE 'C' LC_CTYPE 'C'`,
      );
    } else if (encoding !== 'UTF8') {
      throw new StartupError(sqlAsciiSteps(clusterDir));
    }
  } finally {
    await client.end();
  }
}

/** Last resort when the process exits without a graceful shutdown: do not leave postgres behind. */
function stopOnExit(clusterDir: string, isStopped: () => boolean): void {
  process.once('exit', () => {
    if (isStopped()) return;
    try {
      const pid = Number(
        readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
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
  /** The app's environment (config.processEnv): its programs get PATH and TZ of it. */
  env: NodeJS.ProcessEnv;
}): Promise<EmbeddedDatabase> {
  const { log } = options;
  const dataDir = path.resolve(options.dataDir);
  makeDataDir(dataDir);
  // PostgreSQL refuses to run as root: as root it runs as the 'postgres' system user.
  const runAs = process.getuid?.() === 0 ? postgresUser(log) : undefined;
  const binaries = await findBinaries(runAs, log);
  const clusterDir = chooseClusterDir(dataDir, runAs, log);
  const cluster: ClusterOptions = {
    binaries,
    runAs,
    dir: clusterDir,
    port: options.port,
    log,
    env: options.env,
  };

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info({ clusterDir }, 'Creando la base de datos embebida (solo la primera vez)...');
    prepareClusterDir(clusterDir, runAs);
    await initCluster(cluster, readPassword(dataDir) ?? createPassword(dataDir));
  } else {
    prepareClusterDir(clusterDir, runAs);
    await recoverStaleServer(clusterDir, log);
  }

  const server = await startCluster(cluster);
  let stopped = false;
  stopOnExit(clusterDir, () => stopped);
  const stop = async () => {
    stopped = true;
    await server.stop();
  };
  try {
    const password = await settlePassword(dataDir, options.port, log);
    await ensureDatabase(adminUrl(options.port, password), clusterDir);
    return { url: adminUrl(options.port, password, DATABASE), clusterDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
