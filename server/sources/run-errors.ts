// Why a run failed, as the catalogue id kept in source_runs.error (worded when the admin reads it,
// in their language) and the detail that goes with it.
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import { isMessageId, type ServerTranslate } from '../i18n/intl.js';
import { SourceReadError, type SourceErrorCode } from './fetch-source.js';

const READ_ERRORS: Record<SourceErrorCode, ServerMessageId> = {
  'bad-address': 'error.source.badAddress',
  'not-http': 'error.source.notHttp',
  'private-address': 'error.source.privateAddress',
  'forbidden-address': 'error.source.forbiddenAddress',
  'dns-failed': 'error.source.dnsFailed',
  'too-many-redirects': 'error.source.tooManyRedirects',
  timeout: 'error.source.timeout',
  'too-large': 'error.source.tooLarge',
  'http-status': 'error.source.httpStatus',
  network: 'error.source.network',
  'not-icalendar': 'error.source.notICalendar',
  'no-events-found': 'error.source.noEventsFound',
  'unknown-format': 'error.source.unknownFormat',
};

/** Anything else that stopped a run: ours, not the source's. */
export const RUN_FAILED: ServerMessageId = 'error.source.failed';
export const RUN_STALE: ServerMessageId = 'error.source.runStale';

export interface RunError {
  id: ServerMessageId;
  detail: string | null;
}

export function runErrorOf(error: unknown): RunError {
  if (error instanceof SourceReadError) {
    return { id: READ_ERRORS[error.code], detail: error.detail ?? null };
  }
  return { id: RUN_FAILED, detail: null };
}

/** The kept id worded for the reader; a text that is no id is shown as it is. */
export function wordedError(t: ServerTranslate, id: string, detail: string | null): string {
  return isMessageId(id) ? t(id, { detail: detail ?? '' }) : id;
}
