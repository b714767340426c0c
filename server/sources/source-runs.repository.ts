// SQL of the runs: one row per import (a partial unique index keeps one running per source), the
// latest per source for the admin's list, the oldest pruned; and the lease that lets one instance
// at a time fetch from a host.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';

/**
 * Starts a run of the source, closing first a run left open since before `staleBefore` (its
 * process died); undefined when one is running (the index refuses a second one, across instances).
 */
export async function insertRun(
  db: Database,
  run: { sourceId: number; trigger: 'schedule' | 'admin'; staleBefore: Date; staleError: string },
): Promise<string | undefined> {
  await db
    .updateTable('source_runs')
    .set({ finished_at: sql`now()`, error: run.staleError })
    .where('source_id', '=', run.sourceId)
    .where('finished_at', 'is', null)
    .where('started_at', '<', run.staleBefore)
    .execute();
  const inserted = await sql<{ id: string }>`
    INSERT INTO source_runs (source_id, trigger) VALUES (${run.sourceId}, ${run.trigger})
    ON CONFLICT (source_id) WHERE finished_at IS NULL DO NOTHING
    RETURNING id
  `.execute(db);
  return inserted.rows[0]?.id;
}

export interface RunOutcome {
  not_modified: boolean;
  found: number;
  created: number;
  updated: number;
  unchanged: number;
  waiting: number;
  skipped: number;
  skipped_reasons: Json;
  error: string | null;
  error_detail: string | null;
}

export async function finishRunRow(db: Database, runId: string, outcome: RunOutcome) {
  await db
    .updateTable('source_runs')
    .set({
      ...outcome,
      skipped_reasons: JSON.stringify(outcome.skipped_reasons),
      finished_at: sql`now()`,
    })
    .where('id', '=', runId)
    .execute();
}

/** Keeps the source's latest `keep` runs. */
export async function pruneRuns(db: Database, sourceId: number, keep: number) {
  await sql`
    DELETE FROM source_runs WHERE source_id = ${sourceId} AND id NOT IN (
      SELECT id FROM source_runs WHERE source_id = ${sourceId}
      ORDER BY started_at DESC, id DESC LIMIT ${keep}
    )
  `.execute(db);
}

export interface RunRow extends RunOutcome {
  source_id: number;
  trigger: string;
  started_at: Date;
  finished_at: Date | null;
}

/** The latest run of each source (source_runs_latest_idx). */
export async function findLatestRuns(db: Database, sourceIds: number[]): Promise<RunRow[]> {
  if (sourceIds.length === 0) return [];
  const result = await sql<RunRow>`
    SELECT DISTINCT ON (source_id) source_id, trigger, started_at, finished_at, not_modified,
      found, created, updated, unchanged, waiting, skipped, skipped_reasons, error, error_detail
    FROM source_runs WHERE source_id = ANY(${sourceIds}::int[])
    ORDER BY source_id, started_at DESC, id DESC
  `.execute(db);
  return result.rows;
}

/**
 * The host's fetch lease until `until`: true when it was free (or its holder's lease ran out).
 * One statement, so two instances never both get it.
 */
export async function takeHostFetch(db: Database, host: string, now: Date, until: Date) {
  const result = await sql<{ host: string }>`
    INSERT INTO source_host_fetches (host, until) VALUES (${host}, ${until})
    ON CONFLICT (host) DO UPDATE SET until = EXCLUDED.until
      WHERE source_host_fetches.until < ${now}::timestamptz
    RETURNING host
  `.execute(db);
  return result.rows.length > 0;
}

export async function releaseHostFetch(db: Database, host: string, until: Date) {
  await db
    .deleteFrom('source_host_fetches')
    .where('host', '=', host)
    .where('until', '=', until)
    .execute();
}
