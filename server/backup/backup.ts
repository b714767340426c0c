// What a backup is (npm run db:backup / db:restore and the scheduled backup): one timestamped tar
// holding a manifest, the database and the pictures (the public uploads and the submissions'
// waiting ones), written by create-backup.ts and read back by restore-backup.ts. Here: the
// manifest, the files' names, the pruning of old ones, and the connection both use.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config/config.js';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from '../db/embedded.js';
import { adminUrl, readPassword } from '../db/embedded-password.js';
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
export async function maintenanceUrl(
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

/** The file of a backup made at `date` in `dir`: its timestamp sorts as time. */
export function backupFileOf(dir: string, date: Date): string {
  return path.join(dir, `${PREFIX}${stamp(date)}.tar`);
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
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
