// With DATABASE_URL, a database that is not UTF-8 is refused at start (its lower() and
// translate() work on bytes there, and accent-insensitive search finds nothing), before anything
// is written to it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config/config.js';
import { openDatabase } from '../server/db/open.js';
import { createLogger } from '../server/lib/logger.js';
import { StartupError } from '../server/lib/startup-error.js';
import { createTestDatabase } from './helpers/db.js';

const log = createLogger('silent');

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function configFor(url: string) {
  return loadConfig({
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cm-encoding-')),
    NODE_ENV: 'test',
  });
}

describe('DATABASE_URL encoding', () => {
  const name = `cm_sql_ascii_${randomBytes(5).toString('hex')}`;
  let url: string;

  beforeAll(async () => {
    await withAdmin((client) =>
      client.query(
        `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'SQL_ASCII' LOCALE_PROVIDER libc LOCALE 'C'`,
      ),
    );
    const address = new URL(process.env.TEST_PG_ADMIN_URL!);
    address.pathname = `/${name}`;
    url = address.toString();
  });

  afterAll(() =>
    withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  );

  it('refuses a SQL_ASCII database with a clear Spanish message, and migrates nothing', async () => {
    const opening = openDatabase(configFor(url), log);
    await expect(opening).rejects.toBeInstanceOf(StartupError);
    await expect(opening).rejects.toThrow(
      `La base de datos "${name}" de DATABASE_URL usa la codificación SQL_ASCII y la aplicación necesita UTF8`,
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const tables = await client.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(tables.rows[0]).toEqual({ n: 0 });
    } finally {
      await client.end();
    }
  });

  it('opens a UTF-8 database', async () => {
    const database = await createTestDatabase(2);
    try {
      const opened = await openDatabase(configFor(database.url), log);
      await opened.shutdown();
    } finally {
      await database.destroy();
    }
  });
});
