// The generations an admin starts from the panel (recommendations for every fan, short or long
// descriptions), recorded in admin_runs so every tab, admin and instance sees one going and its
// outcome. A second start of a running kind is a 409 that changes nothing (the database refuses
// it); a run silent for STALE_RUN_HOURS lost its work and no longer blocks a new one.
import type { AdminRunDto } from '../../../common/admin/types.js';
import type { ServerMessageId } from '../../../common/i18n/catalogues.js';
import type { Database } from '../../db/database.js';
import { isMessageId, type ServerTranslate } from '../../i18n/intl.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import {
  countRunProgress,
  failRun,
  finishRun,
  insertRun,
  latestRuns,
  type RunKind,
} from './admin-runs.repository.js';

export type { RunKind } from './admin-runs.repository.js';

/** Far above a pass over 100,000 fans: a run open this long had its jobs lost with a process. */
export const STALE_RUN_HOURS = 6;

export const RUN_BUSY: Record<RunKind, ServerMessageId> = {
  recommendations: 'error.admin.recommendationsRunning',
  'descriptions-short': 'error.admin.shortDescriptionsRunning',
  'descriptions-long': 'error.admin.longDescriptionsRunning',
};

// A run's error is kept as a catalogue id, worded when the panel asks (`latestRunsOf`).
export const STALE_RUN_ERROR: ServerMessageId = 'error.admin.runStale';

/**
 * Records a new run of `kind` inside `trx` and answers its id; a 409 when one is running. The
 * caller's transaction holds the row, so the work queued with it commits (or not) with it.
 */
export async function startRun(
  trx: Database,
  kind: RunKind,
  startedBy: string | undefined,
): Promise<string> {
  const runId = await insertRun(trx, {
    kind,
    startedBy: startedBy ?? null,
    staleHours: STALE_RUN_HOURS,
    staleError: STALE_RUN_ERROR,
  });
  if (runId === undefined) throw new AppError('run_in_progress', 409, RUN_BUSY[kind]);
  return runId;
}

/** What an inline run counts while it works. */
export interface RunTally {
  total: number | null;
  done: number;
}

/**
 * Runs `work` as a recorded run of `kind` (409 while one is running) and answers its result. The
 * run is finished whatever happens: its counts, and `failureMessage` when the work threw.
 */
export async function runInline<T>(
  db: Database,
  run: { kind: RunKind; startedBy: string | undefined; failureMessage: ServerMessageId },
  work: (tally: RunTally) => Promise<T>,
): Promise<T> {
  const runId = await db.transaction().execute((trx) => startRun(trx, run.kind, run.startedBy));
  const tally: RunTally = { total: null, done: 0 };
  let error: string | null = null;
  try {
    return await work(tally);
  } catch (thrown) {
    error = run.failureMessage;
    throw thrown;
  } finally {
    await finishRun(db, runId, {
      total: tally.total,
      done: tally.done,
      failed: error ? 1 : 0,
      error,
    });
  }
}

/**
 * A background job of a run is over: its fans count as done, or as failed when this was its last
 * try (pg-boss retries it otherwise). Never throws: the job's own outcome is what matters.
 */
export async function countJobOfRun(
  deps: { db: Database; log: Logger },
  runId: string,
  fans: number,
  outcome: 'done' | 'failed',
): Promise<void> {
  try {
    await countRunProgress(deps.db, runId, {
      done: outcome === 'done' ? fans : 0,
      failed: outcome === 'failed' ? fans : 0,
    });
  } catch (error) {
    deps.log.warn({ err: error, runId }, 'No se pudo anotar el progreso de la generación');
  }
}

export const FAN_OUT_FAILED: ServerMessageId = 'error.admin.runNotQueued';

/** The run's work could not be queued at all: it ends here with that error. */
export const failUnqueuedRun = (db: Database, runId: string) => failRun(db, runId, FAN_OUT_FAILED);

/** The latest run of each kind, as the panel shows it, its error worded by `t`. */
export async function latestRunsOf(db: Database, t: ServerTranslate): Promise<AdminRunDto[]> {
  const rows = await latestRuns(db, STALE_RUN_HOURS);
  return rows.map((row) => {
    const kept = row.error ?? (row.stale ? STALE_RUN_ERROR : null);
    // Runs recorded before errors were ids keep their Spanish text.
    const error = kept !== null && isMessageId(kept) ? t(kept, { hours: STALE_RUN_HOURS }) : kept;
    const status =
      row.finished_at === null && !row.stale
        ? 'running'
        : error !== null || row.failed > 0
          ? 'failed'
          : 'done';
    return {
      kind: row.kind,
      status,
      startedAt: row.started_at.toISOString(),
      finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
      durationSeconds: row.duration_seconds,
      total: row.total,
      done: row.done,
      failed: row.failed,
      error,
      startedBy: row.starter_name,
    };
  });
}
