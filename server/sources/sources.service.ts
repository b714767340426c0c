// The admin's sources: list, add (its address checked as the importer would fetch it), change,
// pause, delete and run now. Runs are run-source.ts's; this words what they recorded.
import type { SourceDto, SourceListResponse, SourceRunResult } from '../../common/sources/types.js';
import {
  isFediverseHandle,
  type SourceCreateInput,
  type SourceUpdateInput,
} from '../../common/sources/schemas.js';
import { findManagedVenue } from '../admin/venues/venues-admin.repository.js';
import { UNKNOWN_VENUE } from '../admin/writes/concert-writes.js';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/pg-errors.js';
import type { ServerTranslate } from '../i18n/intl.js';
import { AppError, notFound } from '../lib/errors.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { checkSourceAddress, SourceReadError } from './fetch-source.js';
import { nextRunAfter } from './import-schedule.js';
import { runErrorOf, wordedError } from './run-errors.js';
import { runSource, type ImportDeps } from './run-source.js';
import { PAUSED_BY_ADMIN, skippedReasonsDto, toSourceDto } from './sources.dto.js';
import { findLatestRuns } from './source-runs.repository.js';
import {
  deleteSourceRow,
  findSource,
  findSourceList,
  insertSource,
  updateSourceRow,
  type SourcePatch,
} from './sources.repository.js';

const UNKNOWN_SOURCE = 'error.source.notFound';

async function sourceDtos(
  deps: { db: Database; clock: Clock },
  t: ServerTranslate,
  id?: number,
): Promise<SourceDto[]> {
  const rows = await findSourceList(deps.db, madridDateTime(deps.clock()).day, id);
  const runs = await findLatestRuns(
    deps.db,
    rows.map((row) => row.id),
  );
  const runOf = new Map(runs.map((run) => [run.source_id, run]));
  return rows.map((row) => toSourceDto(row, runOf.get(row.id), t));
}

export async function listSources(
  deps: { db: Database; clock: Clock },
  t: ServerTranslate,
): Promise<SourceListResponse> {
  return { items: await sourceDtos(deps, t) };
}

async function sourceDto(deps: { db: Database; clock: Clock }, id: number, t: ServerTranslate) {
  const [dto] = await sourceDtos(deps, t, id);
  if (!dto) throw notFound(UNKNOWN_SOURCE);
  return dto;
}

async function checkVenue(db: Database, venueId: number | null | undefined) {
  if (venueId === null || venueId === undefined) return;
  if (!(await findManagedVenue(db, venueId))) throw new AppError('bad_request', 400, UNKNOWN_VENUE);
}

/**
 * A new source; its address is refused (400, saying why) when the importer would refuse to fetch
 * it: not http(s), a host that does not resolve, or one on a refused network.
 */
export async function createSource(
  deps: ImportDeps,
  input: SourceCreateInput,
  t: ServerTranslate,
): Promise<SourceDto> {
  if (isFediverseHandle(input.url)) return followSource(deps, input, t);
  const url = new URL(input.url);
  try {
    await checkSourceAddress(url.href, deps.config.import.allowPrivateNetworks);
  } catch (error) {
    if (!(error instanceof SourceReadError)) throw error;
    const { id, detail } = runErrorOf(error);
    throw new AppError('source_refused', 400, { id, values: { detail: detail ?? '' } });
  }
  await checkVenue(deps.db, input.venueId);
  let id: number;
  try {
    id = await insertSource(deps.db, {
      url: url.href,
      host: url.hostname.toLowerCase(),
      name: input.name,
      review: input.review,
      genre: input.genre,
      venue_id: input.venueId,
      next_run_at: deps.clock(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 409, 'error.source.duplicate');
    throw error;
  }
  return sourceDto(deps, id, t);
}

/** A fediverse account: found and followed now; its events arrive once it accepts. */
async function followSource(
  deps: ImportDeps,
  input: SourceCreateInput,
  t: ServerTranslate,
): Promise<SourceDto> {
  if (!deps.fediverse) throw new AppError('source_refused', 400, 'error.source.fediverseOff');
  await checkVenue(deps.db, input.venueId);
  const account = await deps.fediverse.follow(input.url);
  try {
    const id = await insertSource(deps.db, {
      url: account.actorId,
      host: account.host.toLowerCase(),
      name: input.name,
      review: input.review,
      genre: input.genre,
      venue_id: input.venueId,
      next_run_at: deps.clock(),
      kind: 'fediverse',
      follow_state: 'pending',
      follow_id: account.followId,
    });
    return await sourceDto(deps, id, t);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 409, 'error.source.duplicate');
    throw error;
  }
}

export async function updateSource(
  deps: ImportDeps,
  id: number,
  input: SourceUpdateInput,
  t: ServerTranslate,
): Promise<SourceDto> {
  await checkVenue(deps.db, input.venueId);
  const patch: SourcePatch = {
    name: input.name,
    review: input.review,
    genre: input.genre,
    venue_id: input.venueId,
  };
  if (input.paused === true) {
    Object.assign(patch, { paused_at: deps.clock(), paused_reason: PAUSED_BY_ADMIN });
  } else if (input.paused === false) {
    // Un-paused: its failures start again from none, and it runs at the next tick.
    Object.assign(patch, {
      paused_at: null,
      paused_reason: null,
      consecutive_failures: 0,
      next_run_at: deps.clock(),
    });
  }
  if (!(await updateSourceRow(deps.db, id, patch))) throw notFound(UNKNOWN_SOURCE);
  return sourceDto(deps, id, t);
}

/** Its runs and imported events go; the concerts it brought stay; an account is unfollowed. */
export async function deleteSource(deps: ImportDeps, id: number): Promise<void> {
  const source = await findSource(deps.db, id);
  if (!source || !(await deleteSourceRow(deps.db, id))) throw notFound(UNKNOWN_SOURCE);
  if (source.kind === 'fediverse') {
    await deps.fediverse
      ?.unfollow(source)
      .catch((err: unknown) =>
        deps.log.warn({ err, sourceId: id }, 'No se pudo dejar de seguir la cuenta del fediverso'),
      );
  }
}

/** "Importar ahora": the run's outcome when it ends, its error worded for the admin. */
export async function runSourceNow(
  deps: ImportDeps,
  id: number,
  t: ServerTranslate,
): Promise<SourceRunResult> {
  const summary = await runSource(deps, id, 'admin');
  // The schedule counts its interval from this run.
  await updateSourceRow(deps.db, id, { next_run_at: nextRunAfter(deps, deps.clock()) });
  const { error, skippedReasons, ...counts } = summary;
  return {
    ...counts,
    skippedReasons: skippedReasonsDto(skippedReasons),
    error: error ? wordedError(t, error.id, error.detail) : null,
  };
}
