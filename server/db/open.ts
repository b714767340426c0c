import type { Config } from '../config/config.js';
import type { Logger } from '../lib/logger.js';
import { connectDatabase, type DatabaseHandle } from './database.js';
import { startEmbeddedPostgres } from './embedded.js';
import { checkDatabaseEncoding } from './encoding.js';
import { migrateToLatest } from './migrate.js';

export interface OpenDatabase extends DatabaseHandle {
  embedded: boolean;
  /** Closes the pool, then stops the embedded server if we started one. */
  shutdown(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded server; then applies pending migrations. */
export async function openDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  const embedded = config.database.url
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.database.embeddedPort,
        log,
        env: config.processEnv,
      });
  const url = config.database.url ?? embedded!.url;
  const handle = connectDatabase(url, config.database.poolSize, config.database.poolTimeoutMs);
  try {
    // The embedded database is made UTF-8 (and an old SQL_ASCII one refused) by embedded.ts.
    if (!embedded) await checkDatabaseEncoding(handle.db, log);
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) log.info({ migrations: applied }, 'Migraciones aplicadas');
  } catch (error) {
    await handle.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...handle,
    embedded: embedded !== undefined,
    shutdown: async () => {
      await handle.close();
      await embedded?.stop();
    },
  };
}
