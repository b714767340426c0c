// The real app on a bench database, listening on a free loopback port.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type Express } from 'express';
import { createApp } from '../../server/app.js';
import { ChangeFeed } from '../../server/cache/change-feed.js';
import { loadConfig, type Config } from '../../server/config/config.js';
import { fediverseOf, type Fediverse } from '../../server/federation/fediverse.js';
import { startFederation } from '../../server/federation/start.js';
import { createLogger } from '../../server/lib/logger.js';
import { systemClock } from '../../server/lib/time.js';
import { createMailer } from '../../server/mail/mailer.js';
import { builtinEngine } from '../../server/recommendations/builtin-engine.js';
import type { RecommendationEngine } from '../../server/recommendations/engine.js';
import { RecommendationRunner } from '../../server/recommendations/runner.js';
import { loadPageRenderer } from '../../server/ssr/page-renderer.js';
import type { BenchDatabase } from './bench-database.js';

export interface BenchApp {
  base: string;
  config: Config;
  server: Server;
  /** Stops the server and the change feed. */
  close(): Promise<void>;
}

/** Production settings on the bench database (bcrypt cost 12, nothing logged); `env` overrides. */
export function benchConfig(database: BenchDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cm-bench-data-')),
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    // Production refuses the repository's published secrets.
    SESSION_SECRET: randomBytes(48).toString('base64url'),
    PUBLIC_URL: 'http://127.0.0.1',
    ...env,
  });
}

/**
 * Production settings (bcrypt cost 12); `extraRoutes` are mounted before the app's own. With
 * `caches: false` there is no change feed, so every request reads the database (server/cache).
 * `engine` scores recommendations (default: the built-in one); `env` overrides settings;
 * `clientDir` serves a built app (default: none, a one-line page), rendered on the server by
 * the renderer built beside it (dist/ssr).
 */
export async function startBenchApp(
  database: BenchDatabase,
  extraRoutes?: (outer: Express) => void,
  {
    caches = true,
    engine = builtinEngine,
    env = {},
    clientDir,
  }: {
    caches?: boolean;
    engine?: RecommendationEngine;
    env?: Record<string, string>;
    clientDir?: string;
  } = {},
): Promise<BenchApp> {
  const config = benchConfig(database, env);
  const log = createLogger('silent');
  const deps = { db: database.db, pool: database.pool, log, clock: systemClock };
  const feed = caches ? new ChangeFeed(database.url, log) : undefined;
  await feed?.start();
  const app = createApp({
    ...deps,
    feed,
    config,
    mailer: createMailer(config, log),
    recommendations: new RecommendationRunner({ ...deps, engine }),
    clientDir: clientDir ?? path.join(config.dataDir, 'none'),
    render: clientDir ? await loadPageRenderer(path.join(clientDir, '..', 'ssr'), log) : undefined,
  });
  const outer = express();
  extraRoutes?.(outer);
  outer.use(app);
  const server = createServer(outer).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    config,
    server,
    close: async () => {
      server.close();
      await feed?.stop();
    },
  };
}

export interface FediverseBenchApp extends BenchApp {
  fediverse: Fediverse;
}

/**
 * The app with the fediverse on, as production runs it (FEDERATION=on): PUBLIC_URL is the
 * address it listens on, Fedify's store and queue (and the queue's worker) are on the bench
 * database, and private addresses are allowed (the receiving servers are on this machine).
 * `close` stops the queue before the caller disposes of the database.
 */
export async function startFediverseBenchApp(
  database: BenchDatabase,
  env: Record<string, string> = {},
): Promise<FediverseBenchApp> {
  const serving: { app?: Express } = {};
  const server = createServer((req, res) => void serving.app!(req, res)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = benchConfig(database, {
    PUBLIC_URL: base,
    FEDERATION: 'on',
    FEDERATION_ALLOW_PRIVATE_ADDRESS: 'true',
    ...env,
  });
  const log = createLogger('silent');
  const mailer = createMailer(config, log);
  const baseDeps = { db: database.db, pool: database.pool, log, clock: systemClock };
  const runner = new RecommendationRunner({ ...baseDeps, engine: builtinEngine });
  const feed = new ChangeFeed(database.url, log);
  await feed.start();
  const deps = { ...baseDeps, config, mailer, runner };
  const running = await startFederation(deps, database.url, log);
  const fediverse = fediverseOf(running.federation, deps);
  serving.app = createApp({
    ...deps,
    feed,
    recommendations: runner,
    clientDir: path.join(config.dataDir, 'none'),
    fediverse,
  });
  return {
    base,
    config,
    server,
    fediverse,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await running.stop();
      await runner.idle();
      await feed.stop();
      mailer.close();
    },
  };
}
