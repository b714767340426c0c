// Why a source could not be read: one code per cause, for the pipeline to record and word in
// Spanish. Re-exported by fetch-source.ts, where the API and the pipeline import it from.

export type SourceErrorCode =
  | 'bad-address'
  | 'not-http'
  | 'private-address'
  | 'forbidden-address'
  | 'dns-failed'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'http-status'
  | 'network'
  | 'not-icalendar'
  | 'no-events-found'
  | 'unknown-format';

export class SourceReadError extends Error {
  override readonly name = 'SourceReadError';

  constructor(
    readonly code: SourceErrorCode,
    /** For the log and the admin: an HTTP status, an address, a library's message. */
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
