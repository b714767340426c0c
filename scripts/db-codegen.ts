// npm run db:codegen: regenerates server/db/schema.ts (Kysely table types) from the migrated database.
import { execFileSync } from 'node:child_process';
import { loadConfigOrExit } from '../server/config/config.js';
import { openDatabase } from '../server/db/open.js';
import { createLogger } from '../server/lib/logger.js';

const config = loadConfigOrExit();
const log = createLogger(config.logLevel);
const database = await openDatabase(config, log);
try {
  execFileSync(
    'npx',
    [
      'kysely-codegen',
      '--dialect',
      'postgres',
      '--date-parser',
      'string',
      '--url',
      database.url,
      '--out-file',
      'server/db/schema.ts',
      '--exclude-pattern',
      '(kysely_*|pgboss.*)',
    ],
    { stdio: 'inherit' },
  );
} finally {
  await database.shutdown();
}
