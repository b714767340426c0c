// A logical copy of the app's tables (schema public) through SQL alone, for when no pg_dump of the
// server's major version is at hand: the embedded PostgreSQL ships none (its package has only
// initdb, pg_ctl and postgres). One REPEATABLE READ snapshot, so the copy is consistent; rows are
// read with a cursor in batches and written as JSON lines. Restoring needs the same migrations:
// the schema comes from them, the rows from here. pg-boss's jobs (schema pgboss) are not copied.
import type pg from 'pg';

const BATCH = 2000;
/** Kysely's own bookkeeping: written by the migrations the restore runs first. */
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock']);

export interface DumpLine {
  table: string;
  rows: Record<string, unknown>[];
}

async function tablesInLoadOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`,
  );
  // Parents before children, so foreign keys hold row by row during the load.
  const names = tables.map((t) => t.name).filter((name) => !SKIPPED.has(name));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const link of links) if (link.child === name) visit(link.parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered.filter((name) => names.includes(name));
}

/** The columns a restore may write: generated ones are computed again by PostgreSQL. */
async function writableColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** Writes every table's rows through `write`, one batch per call, from one snapshot. */
export async function dumpTables(
  client: pg.ClientBase,
  write: (line: DumpLine) => Promise<void>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    for (const table of await tablesInLoadOrder(client)) {
      const columns = (await writableColumns(client, table)).map((c) => client.escapeIdentifier(c));
      await client.query(
        `DECLARE dump_rows NO SCROLL CURSOR FOR SELECT row_to_json(t) AS row FROM (SELECT ${columns.join(', ')} FROM ${client.escapeIdentifier(table)}) t`,
      );
      counts[table] = 0;
      for (;;) {
        const { rows } = await client.query<{ row: Record<string, unknown> }>(
          `FETCH ${BATCH} FROM dump_rows`,
        );
        if (rows.length === 0) break;
        counts[table] += rows.length;
        await write({ table, rows: rows.map((r) => r.row) });
      }
      await client.query('CLOSE dump_rows');
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return counts;
}

/** Whether schema public holds no table at all (a restore goes only into an empty database). */
export async function publicSchemaIsEmpty(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ count: string }>(
    `SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p')`,
  );
  return Number(rows[0]?.count ?? 0) === 0;
}

/**
 * Loads dumped batches into the migrated, empty tables in one transaction, then moves every
 * sequence past the highest id loaded.
 */
export async function loadTables(client: pg.ClientBase, lines: AsyncIterable<DumpLine>) {
  await client.query('BEGIN');
  try {
    const columnsOf = new Map<string, string[]>();
    for await (const line of lines) {
      let columns = columnsOf.get(line.table);
      if (!columns) {
        columns = (await writableColumns(client, line.table)).map((c) =>
          client.escapeIdentifier(c),
        );
        columnsOf.set(line.table, columns);
      }
      const table = client.escapeIdentifier(line.table);
      const list = columns.join(', ');
      // OVERRIDING SYSTEM VALUE: identity columns keep the ids the backup had.
      await client.query(
        `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [JSON.stringify(line.rows)],
      );
    }
    const { rows: sequences } = await client.query<{ table: string; column: string }>(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
        WHERE table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
    );
    for (const { table, column } of sequences) {
      const t = client.escapeIdentifier(table);
      const c = client.escapeIdentifier(column);
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${c}) FROM ${t}), 0) + 1, false)`,
        [`public.${t}`, column],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function serverVersion(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  return rows[0]?.server_version ?? '';
}

export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT name FROM kysely_migration ORDER BY name',
  );
  return rows.map((row) => row.name);
}
