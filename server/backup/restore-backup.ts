// npm run db:restore: a backup file back into an empty database and DATA_DIR's picture folders.
// The archive is untrusted: every entry is checked before anything changes.
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { migrations } from '../../migrations/index.js';
import type { Config } from '../config/config.js';
import { connectDatabase } from '../db/database.js';
import { loadTables, publicSchemaIsEmpty, type DumpLine } from '../db/logical-dump.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Logger } from '../lib/logger.js';
import { privateDir, privateTempDir, writePrivateFile } from '../lib/private-files.js';
import { checkArchive, extractArchive, PICTURE_FOLDERS, RestoreRefused } from './archive.js';
import { maintenanceUrl, type BackupManifest } from './backup.js';
import { findPgTool, libpqEnv, majorOf, runTool } from './pg-tools.js';

export { RestoreRefused };

async function* readRows(file: string): AsyncIterable<DumpLine> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as DumpLine;
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
        runTool(
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
