// The OpenAPI document without a database: `npm run openapi -- FILE` writes it to FILE (stdout
// without one); `npm run lint:openapi` writes it to a temporary file and runs `redocly lint` on it.
// The app is built exactly as the server builds it, with its database and queue never connected.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config/config.js';
import { connectDatabase } from '../server/db/database.js';
import { createLogger } from '../server/lib/logger.js';
import { systemClock } from '../server/lib/time.js';
import { createMailer } from '../server/mail/mailer.js';
import { buildOpenApiDocument } from '../server/openapi/document.js';
import { builtinEngine } from '../server/recommendations/builtin-engine.js';
import { RecommendationRunner } from '../server/recommendations/runner.js';

// Nothing listens here: the pool and the queue are built but never used.
const NOWHERE = 'postgres://unused:unused@127.0.0.1:9/unused';

function documentJson(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-openapi-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      // With the providers on, their routes are documented as the redirects they are.
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
    });
    const log = createLogger('silent');
    const database = connectDatabase(NOWHERE, 2);
    const app = createApp({
      config,
      db: database.db,
      pool: database.pool,
      log,
      mailer: createMailer(config, log),
      recommendations: new RecommendationRunner({
        db: database.db,
        pool: database.pool,
        engine: builtinEngine,
        clock: systemClock,
        log,
      }),
      boss: new PgBoss({ connectionString: NOWHERE }),
      clientDir: dataDir,
    });
    const json = `${JSON.stringify(buildOpenApiDocument(app, '/'), null, 2)}\n`;
    void database.close();
    return json;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const json = documentJson();
if (process.argv[2] === '--lint') {
  const dir = mkdtempSync(path.join(tmpdir(), 'cm-openapi-lint-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, json);
  const result = spawnSync('npx', ['--no-install', 'redocly', 'lint', file], { stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
  process.exit(result.status ?? 1);
} else if (process.argv[2]) {
  writeFileSync(process.argv[2], json);
} else {
  process.stdout.write(json);
}
