// The app listening on 127.0.0.1 with the fediverse on, as a Mastodon server meets it: its
// PUBLIC_URL is the address it listens on, Fedify runs on the test database (its store, its
// queue and the queue's worker), and private addresses are allowed (the peers are on this machine).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createLogger } from '../../server/lib/logger.js';
import { createMailer } from '../../server/mail/mailer.js';
import { builtinEngine } from '../../server/recommendations/builtin-engine.js';
import { RecommendationRunner } from '../../server/recommendations/runner.js';
import { fediverseOf, type Fediverse } from '../../server/federation/fediverse.js';
import { startFederation } from '../../server/federation/start.js';
import { systemClock, type Clock } from '../../server/lib/time.js';
import { createTestApp, testConfig, type TestApp } from './app.js';
import type { TestDatabase } from './db.js';
import { useForFile } from './lifecycle.js';

export interface FediverseApp extends TestApp {
  origin: string;
  fediverse: Fediverse;
}

async function listenOnAnyPort(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startFediverseApp(
  database: TestDatabase,
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<FediverseApp & { stop: () => Promise<void> }> {
  const serving: { app?: Express } = {};
  const server = createServer((req, res) => void serving.app!(req, res));
  const port = await listenOnAnyPort(server);
  const origin = `http://127.0.0.1:${port}`;
  const config = testConfig({
    PUBLIC_URL: origin,
    FEDERATION: 'on',
    FEDERATION_ALLOW_PRIVATE_ADDRESS: 'true',
    IMPORT_ALLOW_PRIVATE_NETWORKS: 'true',
    ...options.env,
  });
  const log = createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const mailer = createMailer(config, log);
  const runner = new RecommendationRunner({
    db: database.db,
    pool: database.pool,
    engine: builtinEngine,
    clock,
    log,
  });
  const deps = { db: database.db, pool: database.pool, config, clock, log, mailer, runner };
  const running = await startFederation(deps, database.url, log);
  const fediverse = fediverseOf(running.federation, deps);
  const made = createTestApp({ database, config, clock, log, mailer, fediverse });
  serving.app = made.app;
  return {
    ...made,
    origin,
    fediverse,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await running.stop();
      await runner.idle();
      mailer.close();
    },
  };
}

/** This file's fediverse app, on its database. */
export function useFediverseApp(
  database: TestDatabase,
  options: { clock?: Clock; env?: Record<string, string> } = {},
) {
  return useForFile(
    'The fediverse app',
    () => startFediverseApp(database, options),
    (made) => made.stop(),
  );
}
