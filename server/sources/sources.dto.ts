// Rows of the sources and their runs as the admin's API answers them, errors and pause reasons
// worded in the reader's language.
import type { SkippedReasonDto, SourceDto, SourceRunDto } from '../../common/sources/types.js';
import type { ServerTranslate } from '../i18n/intl.js';
import type { Json } from '../db/schema.js';
import { wordedError } from './run-errors.js';
import type { SkippedReason } from './run-tally.js';
import type { RunRow } from './source-runs.repository.js';
import type { SourceListRow } from './sources.repository.js';

export const PAUSED_BY_ADMIN = 'source.pausedByAdmin';

/** The reasons, the most frequent first. */
export function skippedReasonsDto(
  reasons: Json | Record<string, SkippedReason>,
): SkippedReasonDto[] {
  const entries = Object.entries((reasons ?? {}) as Record<string, SkippedReason>);
  return entries
    .map(([reason, { count, examples }]) => ({ reason, count, examples }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
}

export function toSourceRunDto(row: RunRow, t: ServerTranslate): SourceRunDto {
  return {
    at: row.started_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    trigger: row.trigger === 'admin' ? 'admin' : 'schedule',
    notModified: row.not_modified,
    found: row.found,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    waiting: row.waiting,
    skipped: row.skipped,
    skippedReasons: skippedReasonsDto(row.skipped_reasons),
    error: row.error === null ? null : wordedError(t, row.error, row.error_detail),
  };
}

function pausedReason(row: SourceListRow, lastRun: RunRow | undefined, t: ServerTranslate) {
  if (row.paused_at === null) return null;
  if (row.paused_reason === null || row.paused_reason === PAUSED_BY_ADMIN) {
    return t(PAUSED_BY_ADMIN);
  }
  const detail = lastRun?.error === row.paused_reason ? lastRun.error_detail : null;
  return t('source.pausedAfterFailures', {
    count: row.consecutive_failures,
    error: wordedError(t, row.paused_reason, detail),
  });
}

export function toSourceDto(
  row: SourceListRow,
  lastRun: RunRow | undefined,
  t: ServerTranslate,
): SourceDto {
  return {
    id: row.id,
    url: row.url,
    kind: row.kind,
    followState: row.follow_state,
    name: row.name,
    review: row.review,
    genre: row.genre,
    venueId: row.venue_id,
    venueName: row.venue_name,
    paused: row.paused_at !== null,
    pausedReason: pausedReason(row, lastRun, t),
    consecutiveFailures: row.consecutive_failures,
    nextRunAt: row.paused_at === null && row.kind === 'feed' ? row.next_run_at.toISOString() : null,
    lastRun: lastRun ? toSourceRunDto(lastRun, t) : null,
    waiting: row.waiting,
    missing: row.missing,
  };
}
