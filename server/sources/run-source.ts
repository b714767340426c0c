// One run of a source: fetched politely (its validators, our User-Agent, one fetch per host at a
// time), read into events, the events imported 25 to a transaction, and the run recorded
// whatever happens. A failure counts towards the source's pause; nothing of it reaches a caller
// but the recorded error.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Actor } from '../admin/writes/audit.js';
import { AppError, notFound } from '../lib/errors.js';
import { madridDateTime } from '../lib/time.js';
import { fetchSource, SourceReadError, type FetchResult } from './fetch-source.js';
import { DEFAULT_MAX_EVENTS } from './imported-event.js';
import { countKnownEvents, flagMissing } from './imported-events.repository.js';
import { importEvents } from './import-batch.js';

import type { ImportDeps } from './import-deps.js';
import { inThreadReader } from './read-off-thread.js';
import { RUN_STALE, runErrorOf, type RunError } from './run-errors.js';
import { RunTally, type SkippedReason } from './run-tally.js';
import {
  finishRunRow,
  insertRun,
  pruneRuns,
  releaseHostFetch,
  takeHostFetch,
} from './source-runs.repository.js';
import {
  findSource,
  recordSourceFailure,
  recordSourceRead,
  type SourceRow,
} from './sources.repository.js';

export type { ImportDeps } from './import-deps.js';

export interface RunSummary {
  found: number;
  created: number;
  updated: number;
  unchanged: number;
  waiting: number;
  skipped: number;
  skippedReasons: Record<string, SkippedReason>;
  error: RunError | null;
}

/** Runs kept per source. */
export const KEPT_RUNS = 20;
/** A run open this long lost its process: it is closed as such and no longer blocks. */
const STALE_RUN_MS = 30 * 60_000;
/** The host's lease outlives the fetch's own 15 s deadline. */
const HOST_LEASE_MS = 20_000;
const HOST_WAIT_MS = 2 * 60_000;
const HOST_POLL_MS = 250;

export const importActor = (source: Pick<SourceRow, 'name'>): Actor => ({
  id: null,
  label: `Importación: ${source.name}`,
});

export const userAgentOf = (publicUrl: string) => `ConciertosMallorca/1.0 (+${publicUrl})`;

/** Another source of the same host is being fetched for longer than we wait. */
const HOST_BUSY = new AppError('source_host_busy', 503, 'error.source.hostBusy');

/** Fetches with the host's lease held: one fetch per host at a time, across instances. */
async function fetchPolitely(deps: ImportDeps, source: SourceRow): Promise<FetchResult> {
  const giveUpAt = Date.now() + HOST_WAIT_MS;
  let until: Date;
  for (;;) {
    const now = new Date();
    until = new Date(now.getTime() + HOST_LEASE_MS);
    if (await takeHostFetch(deps.db, source.host, now, until)) break;
    if (Date.now() > giveUpAt) throw HOST_BUSY;
    await sleep(HOST_POLL_MS);
  }
  try {
    return await fetchSource(source.url, {
      etag: source.etag,
      lastModified: source.last_modified,
      allowPrivateNetworks: deps.config.import.allowPrivateNetworks,
      userAgent: userAgentOf(deps.config.publicUrl),
      timeoutMs: deps.fetchLimits?.timeoutMs,
    });
  } finally {
    await releaseHostFetch(deps.db, source.host, until);
  }
}

const summaryOf = (tally: RunTally, error: RunError | null): RunSummary => ({
  found: tally.found,
  created: tally.created,
  updated: tally.updated,
  unchanged: tally.unchanged,
  waiting: tally.waiting,
  skipped: tally.skipped,
  skippedReasons: tally.reasons,
  error,
});

/**
 * Runs the source now and records the run. A second run of a source while one goes on is a 409
 * (the database refuses it, across instances); an unknown source a 404. Anything else that goes
 * wrong is the run's error, and counts towards pausing the source.
 */
export async function runSource(
  deps: ImportDeps,
  sourceId: number,
  trigger: 'schedule' | 'admin',
): Promise<RunSummary> {
  const { db } = deps;
  const source = await findSource(db, sourceId);
  if (!source) throw notFound('error.source.notFound');
  if (source.kind === 'fediverse')
    throw new AppError('source_fediverse', 409, 'error.source.fediverseRun');
  const runId = await insertRun(db, {
    sourceId,
    trigger,
    staleBefore: new Date(Date.now() - STALE_RUN_MS),
    staleError: RUN_STALE,
  });
  if (runId === undefined) throw new AppError('source_running', 409, 'error.source.running');
  const tally = new RunTally();
  let error: RunError | null = null;
  let notModified = false;
  try {
    const fetched = await fetchPolitely(deps, source);
    if (fetched.notModified) {
      notModified = true;
      tally.addUnchanged(await countKnownEvents(db, sourceId));
      await recordSourceRead(db, sourceId, undefined);
    } else {
      const reader = deps.sourceReader ?? inThreadReader;
      const read = await reader(fetched, { now: deps.clock(), maxEvents: DEFAULT_MAX_EVENTS });
      await recordSourceRead(db, sourceId, {
        etag: fetched.etag,
        last_modified: fetched.lastModified,
      });
      tally.addSkippedByReader(read.skipped, read.skippedCount);
      await importEvents(deps, source, read.events, tally, {
        deps,
        sourceId: source.id,
        review: source.review,
        actor: importActor(source),
      });
      // Beyond the cap the source's later events were not read, so not seeing them says nothing.
      if (!tally.skippedOverLimit) {
        await flagMissing(db, sourceId, runId, madridDateTime(deps.clock()).day);
      }
    }
  } catch (thrown) {
    error =
      thrown === HOST_BUSY ? { id: 'error.source.hostBusy', detail: null } : runErrorOf(thrown);
    if (!(thrown instanceof SourceReadError) && thrown !== HOST_BUSY) {
      deps.log.error({ err: thrown, sourceId }, 'Error importando una fuente');
    }
    // Waiting for another source of the host is no failure of this one.
    if (thrown !== HOST_BUSY) {
      await recordSourceFailure(
        db,
        sourceId,
        deps.config.import.maxFailures,
        error.id,
        deps.clock(),
      );
    }
  } finally {
    await finishRunRow(db, runId, {
      not_modified: notModified,
      ...tally.counts(),
      error: error?.id ?? null,
      error_detail: error?.detail ?? null,
    });
    await pruneRuns(db, sourceId, KEPT_RUNS);
  }
  return summaryOf(tally, error);
}
