// One fresh, migrated database per test file, copied from the template made by global-setup.
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import pg from 'pg';
import { connectDatabase, type Database } from '../../server/db/database.js';
import type { DB } from '../../server/db/schema.js';
import { useForFile } from './lifecycle.js';

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
  const database = useForFile(
    'The test database',
    () => createTestDatabase(options.poolSize),
    (created) => created.destroy(),
  );
  if (options.cleared) {
    const tables = options.cleared;
    beforeEach(() => clearTables(database.db, tables));
  }
  return database;
}

/** Empties the tables in the order given (children before the rows they point at). */
export async function clearTables(db: Database, tables: readonly (keyof DB)[]): Promise<void> {
  for (const table of tables) await db.deleteFrom(table).execute();
}

/** What the admin's edits touch, children first: the tables a file of admin tests empties. */
export const ADMIN_EDIT_TABLES = [
  'admin_audit',
  'user_concert_recommendations',
  'concert_band',
  'concerts',
  'bands',
  'venues',
  'sessions',
  'users',
] as const satisfies readonly (keyof DB)[];

type Row<T extends keyof DB> = Selectable<DB[T]>;

/** Every row of `table` whose columns equal those of `where` (null: IS NULL), in no order. */
export async function rowsOf<T extends keyof DB>(
  db: Database,
  table: T,
  where: Partial<Row<T>>,
): Promise<Row<T>[]> {
  // Kysely cannot check column names of a table chosen at run time; the signature does.
  let query = db.selectFrom(table as 'users').selectAll();
  for (const [column, value] of Object.entries(where)) {
    if (value === undefined) throw new Error(`rowsOf: ${column} is undefined`);
    // `= NULL` matches nothing: a null in `where` means IS NULL.
    query =
      value === null
        ? query.where(column as 'user_id', 'is', null)
        : query.where(column as 'user_id', '=', value as string);
  }
  return (await query.execute()) as unknown as Row<T>[];
}

/** The first row of `table` whose columns equal those of `where`; fails when there is none. */
export async function rowOf<T extends keyof DB>(
  db: Database,
  table: T,
  where: Partial<Row<T>>,
): Promise<Row<T>> {
  const [row] = await rowsOf(db, table, where);
  if (!row) throw new Error(`no row of ${table} with ${JSON.stringify(where)}`);
  return row;
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
