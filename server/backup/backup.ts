// npm run db:backup / db:restore and the scheduled backup: one timestamped tar holding a manifest,
// the database and the pictures (the public uploads and the submissions' waiting ones). The
// database goes through pg_dump (custom format) when a pg_dump of the server's major version or
// newer is installed; otherwise (the embedded server, whose package ships no pg_dump) through a
// logical copy of the app's tables (db/logical-dump.ts).
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { migrations } from '../../migrations/index.js';
import type { Config } from '../config/config.js';
import { connectDatabase } from '../db/database.js';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from '../db/embedded.js';
import { adminUrl, readPassword } from '../db/embedded-password.js';
import {
  appliedMigrations,
  dumpTables,
  loadTables,
  publicSchemaIsEmpty,
  serverVersion,
  type DumpLine,
} from '../db/logical-dump.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Logger } from '../lib/logger.js';
import {
  privateDir,
  privateTempDir,
  writePrivateFile,
  writePrivateStream,
} from '../lib/private-files.js';
import { UPLOAD_FILE_NAME } from '../uploads/image-store.js';
import { checkArchive, extractArchive, PICTURE_FOLDERS, RestoreRefused, tarOf } from './archive.js';

export { RestoreRefused };

const PREFIX = 'conciertos-mallorca-';

export interface BackupManifest {
  app: 'conciertos-mallorca';
  createdAt: string;
  /** 'pg_dump': database.dump (custom format); 'rows': database.jsonl.gz (logical-dump.ts). */
  format: 'pg_dump' | 'rows';
  serverVersion: string;
  /** The migrations applied when the backup was made. */
  migrations: string[];
  uploads: number;
}

/** A connection to the app's database without touching a running app's embedded server. */
async function maintenanceUrl(
  config: Config,
  log: Logger,
): Promise<{ url: string; close: () => Promise<void> }> {
  if (config.database.url) return { url: config.database.url, close: () => Promise.resolve() };
  const password = readPassword(config.dataDir);
  if (password) {
    // The app may be running: its embedded server answers, and is used as it is.
    const url = adminUrl(config.database.embeddedPort, password, EMBEDDED_DATABASE);
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    const running = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => undefined);
    if (running) return { url, close: () => Promise.resolve() };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.database.embeddedPort,
    log,
    env: config.processEnv,
  });
  return { url: embedded.url, close: () => embedded.stop() };
}

function majorOf(versionText: string): number | undefined {
  const match = /(\d+)(?:\.\d+)?/.exec(versionText);
  return match ? Number(match[1]) : undefined;
}

/** The newest pg_dump/pg_restore installed, if it can read a server of `serverMajor`. */
export function findPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number) {
  const candidates: string[] = [name];
  const debianDir = '/usr/lib/postgresql';
  if (existsSync(debianDir))
    for (const version of readdirSync(debianDir))
      candidates.push(path.join(debianDir, version, 'bin', name));
  let best: { file: string; major: number } | undefined;
  for (const file of candidates) {
    const result = spawnSync(file, ['--version'], { encoding: 'utf8' });
    const major = result.status === 0 ? majorOf(result.stdout.replace(/^[^\d]*/, '')) : undefined;
    if (major !== undefined && (!best || major > best.major)) best = { file, major };
  }
  return best && best.major >= serverMajor ? best.file : undefined;
}

/**
 * libpq's own variables for a URL, so the password never appears in a process list; the program
 * inherits the app's environment (config.processEnv) besides.
 */
function libpqEnv(
  url: string,
  inherited: NodeJS.ProcessEnv,
): { env: NodeJS.ProcessEnv; dbname: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { env: { ...inherited, PGPASSWORD: password }, dbname: parsed.toString() };
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(file, args, { env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(file)} falló: ${(result.stderr || result.error?.message || '').trim()}`,
    );
}

async function writeRows(client: pg.ClientBase, file: string): Promise<void> {
  const gzip = createGzip();
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file);
    gzip.pipe(out);
    out.on('finish', resolve);
    out.on('error', reject);
  });
  await dumpTables(client, async ({ table, rows }) => {
    if (!gzip.write(`${JSON.stringify({ table, rows } satisfies DumpLine)}\n`))
      await new Promise((resolve) => gzip.once('drain', resolve));
  });
  gzip.end();
  await done;
}

async function* readRows(file: string): AsyncIterable<DumpLine> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as DumpLine;
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/** The pictures of `dir` a restore accepts: regular files named as the app names them. */
function pictureNames(dir: string, log: Logger): string[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir);
  const kept = names.filter(
    (name) => UPLOAD_FILE_NAME.test(name) && lstatSync(path.join(dir, name)).isFile(),
  );
  const skipped = names.filter((name) => !kept.includes(name));
  if (skipped.length > 0)
    log.warn({ dir, skipped }, 'Ficheros que no son imágenes de la app: no van en la copia');
  return kept;
}

/** Copies the pictures of DATA_DIR's picture folders into `staging`; answers how many. */
function stagePictures(dataDir: string, staging: string, log: Logger): number {
  let count = 0;
  for (const folder of PICTURE_FOLDERS) {
    const names = pictureNames(path.join(dataDir, folder), log);
    if (names.length > 0) mkdirSync(path.join(staging, folder));
    for (const name of names)
      copyFileSync(path.join(dataDir, folder, name), path.join(staging, folder, name));
    count += names.length;
  }
  return count;
}

/** Writes one backup file into `dir` (default BACKUP_DIR) and returns its path. */
export async function createBackup(
  config: Config,
  log: Logger,
  dir = config.backup.dir,
  now = new Date(),
): Promise<string> {
  // Every email, password hash and session is in there: only the app's user may read it.
  privateDir(dir);
  const staging = privateTempDir(path.join(dir, '.staging-'));
  const connection = await maintenanceUrl(config, log);
  const client = new pg.Client({ connectionString: connection.url });
  try {
    await client.connect();
    const version = await serverVersion(client);
    const pgDump = findPgTool('pg_dump', majorOf(version) ?? 0);
    let format: BackupManifest['format'];
    if (pgDump) {
      const { env, dbname } = libpqEnv(connection.url, config.processEnv);
      run(
        pgDump,
        [
          '--format=custom',
          '--no-owner',
          '--no-acl',
          `--file=${path.join(staging, 'database.dump')}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      format = 'pg_dump';
    } else {
      await writeRows(client, path.join(staging, 'database.jsonl.gz'));
      format = 'rows';
    }
    const pictures = stagePictures(config.dataDir, staging, log);
    const manifest: BackupManifest = {
      app: 'conciertos-mallorca',
      createdAt: now.toISOString(),
      format,
      serverVersion: version,
      migrations: await appliedMigrations(client),
      uploads: pictures,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = path.join(dir, `${PREFIX}${stamp(now)}.tar`);
    await writePrivateStream(file, tarOf(staging));
    log.info({ file, format, uploads: pictures }, 'Copia de seguridad escrita');
    return file;
  } finally {
    await client.end().catch(() => undefined);
    await connection.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies restored pictures in, each renamed into place: never served half-copied. */
function copyPictures(from: string, to: string): void {
  if (!existsSync(from)) return;
  privateDir(to);
  for (const name of readdirSync(from)) {
    writePrivateFile(path.join(to, name), readFileSync(path.join(from, name)));
  }
}

/** Restores `file` into the (empty) database of this configuration and its uploads folder. */
export async function restoreBackup(
  config: Config,
  log: Logger,
  file: string,
): Promise<BackupManifest> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new RestoreRefused(`No existe el fichero de copia ${file}.`);
  // The archive is untrusted: every entry is checked before the database or the uploads change.
  await checkArchive(file);
  const staging = privateTempDir(path.join(path.dirname(path.resolve(file)), '.restore-'));
  try {
    await extractArchive(file, staging);
    const manifestFile = path.join(staging, 'manifest.json');
    if (!existsSync(manifestFile))
      throw new RestoreRefused(
        `${file} no es una copia de Conciertos Mallorca (falta manifest.json).`,
      );
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
    const known = Object.keys(migrations);
    const unknown = manifest.migrations.filter((name) => !known.includes(name));
    if (unknown.length > 0)
      throw new RestoreRefused(
        `La copia viene de una versión más nueva de la app (migraciones ${unknown.join(', ')}): actualiza la app antes de restaurar.`,
      );
    const connection = await maintenanceUrl(config, log);
    const client = new pg.Client({ connectionString: connection.url });
    try {
      await client.connect();
      if (!(await publicSchemaIsEmpty(client)))
        throw new RestoreRefused(
          'La base de datos de destino no está vacía: restaura en una base de datos nueva (o, con la base embebida, en un DATA_DIR nuevo).',
        );
      if (manifest.format === 'pg_dump') {
        const pgRestore = findPgTool('pg_restore', majorOf(manifest.serverVersion) ?? 0);
        if (!pgRestore)
          throw new RestoreRefused(
            `Hace falta pg_restore ${majorOf(manifest.serverVersion)} o más nuevo para esta copia.`,
          );
        const { env, dbname } = libpqEnv(connection.url, config.processEnv);
        run(
          pgRestore,
          [
            '--no-owner',
            '--no-acl',
            '--exit-on-error',
            `--dbname=${dbname}`,
            path.join(staging, 'database.dump'),
          ],
          env,
        );
      } else {
        const database = connectDatabase(connection.url, 2);
        try {
          await migrateToLatest(database.db);
        } finally {
          await database.close();
        }
        await loadTables(client, readRows(path.join(staging, 'database.jsonl.gz')));
      }
    } finally {
      await client.end().catch(() => undefined);
      await connection.close();
    }
    for (const folder of PICTURE_FOLDERS)
      copyPictures(path.join(staging, folder), path.join(config.dataDir, folder));
    log.info({ file, format: manifest.format, uploads: manifest.uploads }, 'Copia restaurada');
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Deletes the oldest backups in `dir` beyond `keep`; returns the deleted files. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && name.endsWith('.tar'))
    .sort(); // the timestamp in the name sorts as time
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const name of old) rmSync(path.join(dir, name));
  return old.map((name) => path.join(dir, name));
}
