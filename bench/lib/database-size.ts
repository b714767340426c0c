// The size on disk of the bench database and of its big tables (heap + TOAST, and indexes apart),
// as PostgreSQL counts it: what a dataset of N fans costs to keep.
import { sql } from 'kysely';
import type { Database } from '../../server/db/database.js';
import type { BenchResult } from '../types.js';

const BIG_TABLES = ['user_concert_recommendations', 'users', 'mail_deliveries', 'sessions'];
const MB = 1024 * 1024;

export interface TableSize {
  table: string;
  rows: number;
  /** Heap, TOAST and free-space maps, without indexes. */
  tableBytes: number;
  indexBytes: number;
}

export interface DatabaseSize {
  databaseBytes: number;
  tables: TableSize[];
}

export async function measureDatabaseSize(db: Database): Promise<DatabaseSize> {
  const { rows: database } = await sql<{ bytes: string }>`
    SELECT pg_database_size(current_database())::text AS bytes`.execute(db);
  // reltuples: the planner's row estimate (exact after VACUUM/ANALYZE), not a count(*) of millions.
  const { rows: tables } = await sql<{
    table: string;
    rows: string;
    table_bytes: string;
    index_bytes: string;
  }>`
    SELECT c.relname AS table, greatest(c.reltuples, 0)::bigint::text AS rows,
      pg_table_size(c.oid)::text AS table_bytes, pg_indexes_size(c.oid)::text AS index_bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relname = ANY(${BIG_TABLES}::text[])
    ORDER BY pg_total_relation_size(c.oid) DESC`.execute(db);
  return {
    databaseBytes: Number(database[0]!.bytes), // a scalar SELECT returns one row
    tables: tables.map((row) => ({
      table: row.table,
      rows: Number(row.rows),
      tableBytes: Number(row.table_bytes),
      indexBytes: Number(row.index_bytes),
    })),
  };
}

const mb = (bytes: number) => Math.round(bytes / MB);

/** Lines for a console report. */
export function describeDatabaseSize(size: DatabaseSize): string[] {
  return [
    `Base de datos:     ${mb(size.databaseBytes)} MB (pg_database_size)`,
    ...size.tables.map(
      (t) =>
        `  ${t.table.padEnd(30)}${String(mb(t.tableBytes)).padStart(7)} MB tabla +` +
        `${String(mb(t.indexBytes)).padStart(6)} MB índices, ~${t.rows} filas`,
    ),
  ];
}

/** Rows for the bench table; `label` says when it was measured. */
export function databaseSizeRows(size: DatabaseSize, label: string): BenchResult[] {
  return [
    {
      name: `${label}: database size (pg_database_size)`,
      value: mb(size.databaseBytes),
      unit: 'MB',
    },
    ...size.tables.map((t) => ({
      name: `${label}: ${t.table} (~${t.rows} rows) table + indexes (${mb(t.tableBytes)} + ${mb(t.indexBytes)} MB)`,
      value: mb(t.tableBytes + t.indexBytes),
      unit: 'MB',
    })),
  ];
}
