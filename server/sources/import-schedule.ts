// The schedule: every instance's tick sends one job per due source (pg-boss keeps one queued per
// source), and the worker that takes a job claims the source's run in one statement, so however
// many instances tick and work, each due run happens once.
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';
import { QUEUES, type SourceImportJob } from '../jobs/queues.js';
import { AppError } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import { runSource, type ImportDeps, type RunSummary } from './run-source.js';
import { claimScheduledRun, findDueSourceIds } from './sources.repository.js';

/** The tick, Madrid time: every five minutes. */
export const IMPORT_TICK_CRON = '*/5 * * * *';

export async function queueDueSources(deps: {
  db: Database;
  boss: PgBoss;
  clock: Clock;
}): Promise<number> {
  const ids = await findDueSourceIds(deps.db, deps.clock());
  for (const sourceId of ids) {
    const job: SourceImportJob = { sourceId };
    await deps.boss.send(QUEUES.sourceImport, job, { singletonKey: `source-${sourceId}` });
  }
  return ids.length;
}

export const nextRunAfter = (deps: Pick<ImportDeps, 'config'>, now: Date) =>
  new Date(now.getTime() + deps.config.import.intervalHours * 3_600_000);

/**
 * The scheduled run of a source, if it is still due (another worker may have taken it, or an
 * admin paused it); undefined when there was nothing to run.
 */
export async function runScheduledSource(
  deps: ImportDeps,
  sourceId: number,
): Promise<RunSummary | undefined> {
  const now = deps.clock();
  if (!(await claimScheduledRun(deps.db, sourceId, now, nextRunAfter(deps, now)))) {
    return undefined;
  }
  try {
    return await runSource(deps, sourceId, 'schedule');
  } catch (error) {
    // An admin's run of it is going on, or it was deleted meanwhile: that run counts.
    if (error instanceof AppError && (error.status === 409 || error.status === 404)) {
      return undefined;
    }
    throw error;
  }
}
