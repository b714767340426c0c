// npm run db:backup and the scheduled backup: writes one backup file. The database goes through
// pg_dump (custom format) when a pg_dump of the server's major version or newer is installed;
// otherwise (the embedded server, whose package ships no pg_dump) through a logical copy of the
// app's tables (db/logical-dump.ts).
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import type { Config } from '../config/config.js';
import { appliedMigrations, dumpTables, serverVersion, type DumpLine } from '../db/logical-dump.js';
import type { Logger } from '../lib/logger.js';
import { privateDir, privateTempDir, writePrivateStream } from '../lib/private-files.js';
import { UPLOAD_FILE_NAME } from '../uploads/image-store.js';
import { PICTURE_FOLDERS, tarOf } from './archive.js';
import { backupFileOf, maintenanceUrl, type BackupManifest } from './backup.js';
import { findPgTool, libpqEnv, majorOf, runTool } from './pg-tools.js';

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
      runTool(
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
    const file = backupFileOf(dir, now);
    await writePrivateStream(file, tarOf(staging));
    log.info({ file, format, uploads: pictures }, 'Copia de seguridad escrita');
    return file;
  } finally {
    await client.end().catch(() => undefined);
    await connection.close();
    rmSync(staging, { recursive: true, force: true });
  }
}
