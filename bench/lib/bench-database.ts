// A throwaway embedded PostgreSQL for benchmarks that need a big dataset, removed afterwards.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { startEmbeddedPostgres } from '../../server/db/embedded.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { createLogger } from '../../server/lib/logger.js';
import { freePort } from './server-process.js';

export interface BenchDatabase extends DatabaseHandle {
  url: string;
  dispose(): Promise<void>;
}

export async function startBenchDatabase(poolSize = 20): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-bench-db-'));
  chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    log: createLogger('warn'),
    env: process.env,
  });
  const handle = connectDatabase(embedded.url, poolSize);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: embedded.url,
    dispose: async () => {
      await handle.close();
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
