// npm run db:backup / db:restore and the scheduled backup: one timestamped tar holding a manifest,
// the database and the uploads folder. The database goes through pg_dump (custom format) when a
// pg_dump of the server's major version or newer is installed; otherwise (the embedded server,
// whose package ships no pg_dump) through a logical copy of the app's tables (db/logical-dump.ts).
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
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
import type { Config } from '../config.js';
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

/** libpq's own variables for a URL, so the password never appears in a process list. */
function libpqEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { env: { ...process.env, PGPASSWORD: password }, dbname: parsed.toString() };
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

/** Writes one backup file into `dir` (default BACKUP_DIR) and returns its path. */
export async function createBackup(
  config: Config,
  log: Logger,
  dir = config.backup.dir,
  now = new Date(),
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const staging = mkdtempSync(path.join(dir, '.staging-'));
  const connection = await maintenanceUrl(config, log);
  const client = new pg.Client({ connectionString: connection.url });
  try {
    await client.connect();
    const version = await serverVersion(client);
    const pgDump = findPgTool('pg_dump', majorOf(version) ?? 0);
    let format: BackupManifest['format'];
    if (pgDump) {
      const { env, dbname } = libpqEnv(connection.url);
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
    const uploadsDir = path.join(config.dataDir, 'uploads');
    const uploads = existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0;
    if (uploads > 0) cpSync(uploadsDir, path.join(staging, 'uploads'), { recursive: true });
    const manifest: BackupManifest = {
      app: 'conciertos-mallorca',
      createdAt: now.toISOString(),
      format,
      serverVersion: version,
      migrations: await appliedMigrations(client),
      uploads,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = path.join(dir, `${PREFIX}${stamp(now)}.tar`);
    // Written under a temporary name and renamed: a half-written file is never taken for a backup.
    run('tar', ['-cf', `${file}.partial`, '-C', staging, '.'], process.env);
    cpSync(`${file}.partial`, file);
    rmSync(`${file}.partial`);
    log.info({ file, format, uploads }, 'Copia de seguridad escrita');
    return file;
  } finally {
    await client.end().catch(() => undefined);
    await connection.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

/** Restores `file` into the (empty) database of this configuration and its uploads folder. */
export async function restoreBackup(
  config: Config,
  log: Logger,
  file: string,
): Promise<BackupManifest> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new RestoreRefused(`No existe el fichero de copia ${file}.`);
  const staging = mkdtempSync(path.join(path.dirname(path.resolve(file)), '.restore-'));
  try {
    run('tar', ['-xf', file, '-C', staging], process.env);
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
        const { env, dbname } = libpqEnv(connection.url);
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
    const uploads = path.join(staging, 'uploads');
    if (existsSync(uploads))
      cpSync(uploads, path.join(config.dataDir, 'uploads'), { recursive: true });
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
