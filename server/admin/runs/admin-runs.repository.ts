// SQL of admin_runs: the generations an admin starts (recommendations, descriptions) and their
// progress. One unfinished run per kind (partial unique index admin_runs_running_key).
import { sql } from 'kysely';
import { ADMIN_RUN_KINDS } from '../../../common/admin/limits.js';
import type { Database } from '../../db/database.js';

export type RunKind = (typeof ADMIN_RUN_KINDS)[number];

/**
 * Closes the kind's run open for more than `staleHours` with `staleError` (its jobs were
 * lost), then inserts a new run; undefined when one of the kind is still running. Call it inside a
 * transaction: a concurrent caller waits on the same row and index entry, and then inserts
 * nothing. The index predicate is spelled literally: Postgres cannot infer it from a parameter.
 */
export async function insertRun(
  trx: Database,
  run: {
    kind: RunKind;
    startedBy: string | null;
    staleHours: number;
    staleError: string;
  },
): Promise<string | undefined> {
  await trx
    .updateTable('admin_runs')
    .set({ finished_at: sql<Date>`now()`, error: run.staleError })
    .where('kind', '=', run.kind)
    .where('finished_at', 'is', null)
    .where('started_at', '<', sql<Date>`now() - make_interval(hours => ${run.staleHours})`)
    .execute();
  const inserted = await sql<{ id: string }>`
    INSERT INTO admin_runs (kind, started_by)
    VALUES (${run.kind}, ${run.startedBy})
    ON CONFLICT (kind) WHERE finished_at IS NULL DO NOTHING
    RETURNING id
  `.execute(trx);
  const row = inserted.rows[0];
  return row ? String(row.id) : undefined;
}

/** Finishes an inline run with its counts (and what went wrong, if anything). */
export async function finishRun(
  db: Database,
  runId: string,
  outcome: { total: number | null; done: number; failed: number; error: string | null },
): Promise<void> {
  await db
    .updateTable('admin_runs')
    .set({ ...outcome, finished_at: sql<Date>`now()` })
    .where('id', '=', runId)
    .where('finished_at', 'is', null)
    .execute();
}

/**
 * When the counts reach the total, now; else as it was. A concurrent UPDATE waits for the row and
 * then reads it as the previous writer left it, so exactly one of them sees the last count land.
 */
const finishedWhenCounted = (total: ReturnType<typeof sql>, counted: ReturnType<typeof sql>) =>
  sql<Date | null>`CASE
    WHEN finished_at IS NULL AND ${total} IS NOT NULL AND ${counted} >= ${total} THEN now()
    ELSE finished_at END`;

/** Adds fans to a background run's counts; the run finishes when done + failed reach total. */
export async function countRunProgress(
  db: Database,
  runId: string,
  progress: { done: number; failed: number },
): Promise<void> {
  await db
    .updateTable('admin_runs')
    .set({
      done: sql`done + ${progress.done}::int`,
      failed: sql`failed + ${progress.failed}::int`,
      finished_at: finishedWhenCounted(
        sql`total`,
        sql`done + failed + ${progress.done + progress.failed}::int`,
      ),
    })
    .where('id', '=', runId)
    .execute();
}

/** Sets a background run's total once all its work is queued (finishing it if already counted). */
export async function setRunTotal(db: Database, runId: string, total: number): Promise<void> {
  await db
    .updateTable('admin_runs')
    .set({
      total,
      finished_at: finishedWhenCounted(sql`${total}::int`, sql`done + failed`),
    })
    .where('id', '=', runId)
    .execute();
}

/** Ends a run with an error whatever its counts (its work could not even be queued). */
export async function failRun(db: Database, runId: string, error: string): Promise<void> {
  await db
    .updateTable('admin_runs')
    .set({ error, finished_at: sql<Date>`now()` })
    .where('id', '=', runId)
    .where('finished_at', 'is', null)
    .execute();
}

export interface RunRow {
  id: string;
  kind: RunKind;
  started_at: Date;
  finished_at: Date | null;
  /** Seconds from its start to its end, or to now while open. */
  duration_seconds: number;
  /** Open for more than the bound given: its work was lost. */
  stale: boolean;
  total: number | null;
  done: number;
  failed: number;
  error: string | null;
  starter_name: string | null;
}

/** The latest run of each kind, with its starter's name (one index probe per kind). */
export async function latestRuns(db: Database, staleHours: number): Promise<RunRow[]> {
  const { rows } = await sql<RunRow>`
    SELECT r.id::text AS id, r.kind, r.started_at, r.finished_at, r.total, r.done, r.failed,
           r.error, COALESCE(u.name, u.email) AS starter_name,
           floor(extract(epoch FROM COALESCE(r.finished_at, now()) - r.started_at))::int
             AS duration_seconds,
           (r.finished_at IS NULL AND r.started_at < now() - make_interval(hours => ${staleHours}))
             AS stale
    FROM unnest(${[...ADMIN_RUN_KINDS]}::text[]) AS k(kind)
    CROSS JOIN LATERAL (
      SELECT * FROM admin_runs WHERE admin_runs.kind = k.kind
      ORDER BY started_at DESC, id DESC LIMIT 1
    ) r
    LEFT JOIN users u ON u.user_id = r.started_by
  `.execute(db);
  return rows;
}
