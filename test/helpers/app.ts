import type { RenderPage } from '../../common/page-render.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import type PgBoss from 'pg-boss';
import { createApp } from '../../server/app.js';
import type { ChangeFeed } from '../../server/cache/change-feed.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { DatabaseHandle } from '../../server/db/database.js';
import { createLogger, type Logger } from '../../server/lib/logger.js';
import { systemClock, type Clock } from '../../server/lib/time.js';
import { builtinEngine } from '../../server/recommendations/builtin-engine.js';
import type { RecommendationEngine } from '../../server/recommendations/engine.js';
import { RecommendationRunner } from '../../server/recommendations/runner.js';
import { createMailer, type Mailer } from '../../server/mail/mailer.js';
import { checkResponsesAgainstDocument } from './contract.js';

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

/**
 * The app on a test database. Mail goes to SMTP_URL when the test sets it (a local smtp-server),
 * else to an outbox folder in the test's DATA_DIR.
 */
export function createTestApp(options: {
  database: Pick<DatabaseHandle, 'db' | 'pool'>;
  env?: Record<string, string>;
  clock?: Clock;
  clientDir?: string;
  engine?: RecommendationEngine;
  /** The job queue; with it the admin action routes exist (never started unless the test does). */
  boss?: PgBoss;
  /** Turns on the instance caches (off by default: most tests write rows straight to SQL). */
  feed?: ChangeFeed;
  /** Where the app logs (default: LOG_LEVEL of the test config, silent). */
  log?: Logger;
  /** The app's server renderer (helpers/render.ts); without it pages go out with an empty root. */
  render?: RenderPage;
}): { app: Express; config: Config; mailer: Mailer; recommendations: RecommendationRunner } {
  const config = testConfig(options.env);
  const log = options.log ?? createLogger(config.logLevel);
  const mailer = createMailer(config, log);
  const recommendations = new RecommendationRunner({
    db: options.database.db,
    pool: options.database.pool,
    engine: options.engine ?? builtinEngine,
    clock: options.clock ?? systemClock,
    log,
  });
  const app = createApp({
    recommendations,
    config,
    db: options.database.db,
    pool: options.database.pool,
    log,
    mailer,
    clock: options.clock,
    feed: options.feed,
    boss: options.boss,
    clientDir: options.clientDir ?? path.join(config.dataDir, 'no-client'),
    render: options.render,
  });
  // Every response of every test is checked against the OpenAPI document (helpers/contract.ts).
  checkResponsesAgainstDocument(app);
  return { app, config, mailer, recommendations };
}

/** A clock frozen at an instant, for "today" and "now minus 2 h" logic. */
export function fixedClock(iso: string): Clock {
  const instant = new Date(iso);
  return () => new Date(instant);
}
