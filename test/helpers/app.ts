import type { RenderPage } from '../../common/pages/render.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import type { Express } from 'express';
import type pg from 'pg';
import { createApp } from '../../server/app.js';
import type { ChangeFeed } from '../../server/cache/change-feed.js';
import { loadConfig, type Config } from '../../server/config/config.js';
import type { Database, DatabaseHandle } from '../../server/db/database.js';
import type { AiGate } from '../../server/ai/ai-gate.js';
import { createLogger, type Logger } from '../../server/lib/logger.js';
import { systemClock, type Clock } from '../../server/lib/time.js';
import { builtinEngine } from '../../server/recommendations/builtin-engine.js';
import type { RecommendationEngine } from '../../server/recommendations/engine.js';
import { RecommendationRunner } from '../../server/recommendations/runner.js';
import { Learner } from '../../server/recommendations/learned-learner.js';
import { createMailer, type Mailer } from '../../server/mail/mailer.js';
import { checkResponsesAgainstDocument } from './contract.js';
import { useForFile } from './lifecycle.js';
import type { Fediverse } from '../../server/federation/fediverse.js';

export const TEST_SESSION_SECRET = 'test-session-secret-test-session-secret';

/** A valid test configuration; `env` overrides or adds variables. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cm-test-data-')),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestAppOptions {
  database: Pick<DatabaseHandle, 'db' | 'pool'>;
  env?: Record<string, string>;
  /** The whole configuration, instead of one made from `env`. */
  config?: Config;
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
  /** Default: one made from the config. */
  mailer?: Mailer;
  /** The process's AI gate (breaker, daily budget); default: one made from the config. */
  ai?: AiGate;
  /** The agenda on the fediverse (helpers/fediverse-app.ts). */
  fediverse?: Fediverse;
}

export interface TestApp {
  app: Express;
  config: Config;
  mailer: Mailer;
  recommendations: RecommendationRunner;
  /** Learns from the fans' signals: in this process without `boss`, through its jobs with it. */
  learner: Learner;
}

/**
 * The app on a test database. Mail goes to SMTP_URL when the test sets it (a local smtp-server),
 * else to an outbox folder in the test's DATA_DIR.
 */
export function createTestApp(options: TestAppOptions): TestApp {
  const config = options.config ?? testConfig(options.env);
  const log = options.log ?? createLogger(config.logLevel);
  const mailer = options.mailer ?? createMailer(config, log);
  const recommendations = new RecommendationRunner({
    db: options.database.db,
    pool: options.database.pool,
    engine: options.engine ?? builtinEngine,
    clock: options.clock ?? systemClock,
    log,
  });
  const learner = new Learner({
    db: options.database.db,
    pool: options.database.pool,
    engine: recommendations.engine,
    clock: options.clock ?? systemClock,
    log,
    boss: options.boss,
  });
  const app = createApp({
    recommendations,
    learner,
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
    ai: options.ai,
    fediverse: options.fediverse,
  });
  // Every response of every test is checked against the OpenAPI document (helpers/contract.ts).
  checkResponsesAgainstDocument(app);
  return { app, config, mailer, recommendations, learner };
}

/**
 * The app with every optional router switched on: the admin actions (with a queue, never started
 * here) and both sign-in providers. The OpenAPI tests read its whole document.
 */
export function fullTestApp(database: TestAppOptions['database']) {
  return createTestApp({
    database,
    boss: new PgBoss({ connectionString: 'postgres://unused@127.0.0.1:9/unused' }),
    env: {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
    },
  }).app;
}

/**
 * This file's app (helpers/lifecycle.ts); `options` is read when it is made, so it may use what
 * was declared before it, such as an SMTP sink.
 */
export function useTestApp(options: () => TestAppOptions): TestApp {
  return useForFile(
    'The test app',
    () => createTestApp(options()),
    (made) => made.mailer.close(),
  );
}

export interface MovableClock {
  clock: Clock;
  advance(seconds: number): void;
}

/** A clock the test moves on by hand. */
export function movableClock(iso: string): MovableClock {
  let now = new Date(iso).getTime();
  return {
    clock: () => new Date(now),
    advance: (seconds) => {
      now += seconds * 1000;
    },
  };
}

/** What a mail sender needs on the test database, with `config`, its clock stopped at `at`. */
export const senderDepsAt =
  <C>(database: { db: Database; pool: pg.Pool }, mailer: Mailer, config: C) =>
  (at: Date) => ({
    db: database.db,
    pool: database.pool,
    mailer,
    log: createLogger('silent'),
    config,
    clock: () => at,
  });

/** A clock frozen at an instant, for "today" and "now minus 2 h" logic. */
export function fixedClock(iso: string): Clock {
  const instant = new Date(iso);
  return () => new Date(instant);
}
