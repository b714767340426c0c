import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { createLogger } from '../../server/lib/logger.js';
import type { Clock } from '../../server/lib/time.js';

/** A valid test configuration; `env` overrides or adds variables. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cm-test-data-')),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export function createTestApp(options: {
  db: Database;
  env?: Record<string, string>;
  clock?: Clock;
  clientDir?: string;
}): { app: Express; config: Config } {
  const config = testConfig(options.env);
  const app = createApp({
    config,
    db: options.db,
    log: createLogger(config.logLevel),
    clock: options.clock,
    clientDir: options.clientDir ?? path.join(config.dataDir, 'no-client'),
  });
  return { app, config };
}

/** A clock frozen at an instant, for "today" and "now minus 2 h" logic. */
export function fixedClock(iso: string): Clock {
  const instant = new Date(iso);
  return () => new Date(instant);
}
