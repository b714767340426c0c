// Running the embedded PostgreSQL's own programs: initdb once, then the server. Always UTF-8.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../lib/logger.js';
import { StartupError } from '../lib/startup-error.js';
import type { PostgresBinaries, RunAs } from './embedded-binaries.js';

export const SUPERUSER = 'postgres';

/**
 * Whatever the environment's locale (none under `env -i`, systemd, cron or Docker's node images,
 * where initdb would pick SQL_ASCII and byte-wise lower()), the cluster is UTF-8 with PostgreSQL's
 * own C.UTF-8 locale (the builtin provider, PostgreSQL 17+): Unicode lower()/upper(), code-point
 * order, and no dependence on the locales the system has installed.
 */
const INITDB_LOCALE_FLAGS = [
  '--encoding=UTF8',
  '--no-locale',
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
];

export interface ClusterOptions {
  binaries: PostgresBinaries;
  /** Set when this process is root: the programs run as the 'postgres' user. */
  runAs: RunAs | undefined;
  /** The data directory (PGDATA). */
  dir: string;
  port: number;
  log: Logger;
  /** The app's environment (config.processEnv): the programs get its PATH and TZ, nothing else. */
  env: NodeJS.ProcessEnv;
}

/**
 * The programs' environment: only what they need. English messages (we read them), nothing from
 * PG* or the locale, and none of the app's secrets (SESSION_SECRET, API keys) in another user's
 * process environment.
 */
function programEnv(options: ClusterOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', PATH: options.env.PATH ?? '/usr/bin:/bin' };
  if (options.env.TZ) env.TZ = options.env.TZ;
  return env;
}

function lastLines(output: string): string {
  const lines = output.trim().split('\n');
  const fatal = lines.find((line) => /FATAL|ERROR|error/.test(line));
  return (fatal ?? lines.at(-1) ?? '').trim();
}

function run(file: string, args: string[], options: ClusterOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...options.runAs,
      // Never the caller's folder: 'postgres' may not be allowed into it.
      cwd: path.dirname(options.dir),
      env: programEnv(options),
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(lastLines(output))),
    );
  });
}

/** initdb into options.dir (missing or empty), with `password` for the superuser. */
export async function initCluster(options: ClusterOptions, password: string): Promise<void> {
  // initdb reads the password from a file; 'postgres' must be able to read it, nobody else.
  const passwordFile = path.join(
    path.dirname(options.dir),
    `.initdb-${randomBytes(6).toString('hex')}`,
  );
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (options.runAs) chownSync(passwordFile, options.runAs.uid, options.runAs.gid);
    await run(
      options.binaries.initdb,
      [
        `--pgdata=${options.dir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        ...INITDB_LOCALE_FLAGS,
      ],
      options,
    );
  } catch (error) {
    throw new StartupError(
      `No se pudo crear la base de datos embebida en ${options.dir} (${(error as Error).message}): comprueba los permisos de esa carpeta, cambia DATA_DIR o define DATABASE_URL.`,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

export interface RunningCluster {
  pid: number;
  /** Fast shutdown (SIGINT), then harder signals if it does not end; resolves once it exited. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

function explainStartFailure(output: string, options: ClusterOptions): string {
  if (/could not bind|Address already in use/.test(output)) {
    return `No se pudo arrancar el PostgreSQL embebido: el puerto ${options.port} está ocupado. Cambia EMBEDDED_POSTGRES_PORT o define DATABASE_URL.`;
  }
  if (/wrong ownership|Permission denied|has invalid permissions/.test(output)) {
    return `No se pudo arrancar el PostgreSQL embebido con los datos de ${options.dir} (${lastLines(output)}): arranca la app con el usuario dueño de esa carpeta, cambia DATA_DIR o define DATABASE_URL.`;
  }
  return `No se pudo arrancar el PostgreSQL embebido (datos en ${options.dir}, puerto ${options.port}): ${lastLines(output) || 'terminó sin decir por qué'}. Cambia EMBEDDED_POSTGRES_PORT o DATA_DIR, o define DATABASE_URL.`;
}

export function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const child = spawn(
    options.binaries.postgres,
    [
      '-D',
      options.dir,
      '-p',
      String(options.port),
      // Loopback only (with a password), and no socket file: several embedded apps, one machine.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    { ...options.runAs, cwd: path.dirname(options.dir), env: programEnv(options) },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ended = (ms: number) =>
      Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref()),
      ]);
    child.kill('SIGINT');
    if (await ended(15_000)) return;
    child.kill('SIGQUIT');
    if (await ended(5_000)) return;
    child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      void stop();
      reject(new StartupError(explainStartFailure(`${output}\nno respondió en 60 s`, options)));
    }, START_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!ready) output = (output + text).slice(-8000);
      for (const line of text.split('\n'))
        if (line.trim()) options.log.trace({ postgres: line.trim() });
      if (!ready && output.includes('database system is ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve({ pid: child.pid ?? 0, stop });
      }
    });
    child.stdout.resume();
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new StartupError(explainStartFailure(error.message, options)));
    });
    child.once('exit', () => {
      clearTimeout(timer);
      if (!ready) reject(new StartupError(explainStartFailure(output, options)));
    });
  });
}
