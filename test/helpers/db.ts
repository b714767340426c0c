// One fresh, migrated database per test file, copied from the template made by global-setup.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type Database } from '../../server/db/database.js';
import type { DB } from '../../server/db/schema.js';

export interface TestDatabase {
  db: Database;
  pool: pg.Pool;
  url: string;
  destroy: () => Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url)
    throw new Error(
      'TEST_PG_ADMIN_URL is unset: run the tests with `npm test` (jest global setup).',
    );
  return url;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(poolSize = 10): Promise<TestDatabase> {
  const template = process.env.TEST_PG_TEMPLATE!;
  const name = `${template}_t${randomBytes(5).toString('hex')}`;
  await withAdminClient((client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
  );
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), poolSize);
  return {
    db: handle.db,
    pool: handle.pool,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      await dropDatabase(name);
    },
  };
}

/**
 * This test file's database, created before its tests and dropped after them; the tables in
 * `cleared` are emptied before each test, in the order given. Its fields may be read only once
 * the file's tests run, never at import time.
 */
export function useTestDatabase(
  options: { poolSize?: number; cleared?: (keyof DB)[] } = {},
): TestDatabase {
  let current: TestDatabase | undefined;
  const ready = (): TestDatabase => {
    if (!current) throw new Error('The test database is read before beforeAll created it.');
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase(options.poolSize);
  });
  afterAll(() => current?.destroy());
  if (options.cleared) {
    const tables = options.cleared;
    beforeEach(async () => {
      for (const table of tables) await ready().db.deleteFrom(table).execute();
    });
  }
  return {
    get db() {
      return ready().db;
    },
    get pool() {
      return ready().pool;
    },
    get url() {
      return ready().url;
    },
    destroy: () => ready().destroy(),
  };
}

/**
 * DROP ... WITH (FORCE) ends every session on the database, but a role without superuser may not
 * end an autovacuum worker (a superuser process): PostgreSQL then refuses with 42501. The worker
 * finishes within moments, so the drop is tried again.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '42501' || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
