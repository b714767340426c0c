// The one shape every source is read into, whatever its format (iCalendar, JSON-LD): the
// pipeline matches, upserts and reports from this and never sees the formats themselves.

export type ImportedEventStatus = 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled';

export interface ImportedEvent {
  /**
   * Identity at the source: the iCalendar UID (plus the occurrence's start, `UID#yyyy-MM-ddTHH:mm`,
   * for an RRULE occurrence or a RECURRENCE-ID override), else the event's URL; for JSON-LD the
   * `@id`, else `url`, else `name|startDate|location name`. At most 500 chars.
   */
  key: string;
  /** Plain text, trimmed, at most 200 chars. */
  name: string;
  /** yyyy-MM-dd, Europe/Madrid wall clock. */
  day: string;
  /** HH:mm Europe/Madrid wall clock; null for an all-day or date-only event (never invented). */
  hour: string | null;
  venue: { name: string; address: string | null } | null;
  /** Names, de-duplicated, each at most 120 chars, at most 10. */
  performers: string[];
  /** Plain text only (HTML stripped, entities decoded, whitespace collapsed), at most 2000 chars. */
  description: string | null;
  /** Euros as a decimal string '12.00'; '0.00' only when the source says free; null when unknown. */
  price: string | null;
  /** ISO 4217 as given ('EUR'); null when unknown. */
  currency: string | null;
  /** http(s) only. */
  ticketUrl: string | null;
  /** The event's own page at the source, http(s) only. */
  url: string | null;
  /** http(s) only. */
  imageUrl: string | null;
  status: ImportedEventStatus;
  /** iCalendar CATEGORIES / JSON-LD genre or keywords, for a later genre hint. */
  categories: string[];
}

export type SkipReason =
  'no-name' | 'no-start' | 'past' | 'beyond-horizon' | 'bad-date' | 'over-limit';

export interface SkippedEvent {
  key: string | null;
  name: string | null;
  reason: SkipReason;
}

export interface ReadResult {
  events: ImportedEvent[];
  /** The first MAX_SKIPPED_LISTED skipped events, in the order they were met. */
  skipped: SkippedEvent[];
  /** How many were skipped in all (skipped.length is capped). */
  skippedCount: number;
}

export interface ReadOptions {
  /** "Today" is this instant's day in Madrid. */
  now: Date;
  /** Days after today still read (inclusive); default 180. */
  horizonDays?: number;
  /** Events kept per read, the earliest first; default 2000. */
  maxEvents?: number;
}

export const DEFAULT_HORIZON_DAYS = 180;
export const DEFAULT_MAX_EVENTS = 2000;
export const MAX_SKIPPED_LISTED = 200;

export const KEY_MAX = 500;
export const NAME_MAX = 200;
export const PERFORMER_MAX = 120;
export const PERFORMERS_MAX = 10;
export const DESCRIPTION_MAX = 2000;
export const VENUE_NAME_MAX = 200;
export const ADDRESS_MAX = 300;
export const CATEGORY_MAX = 100;
export const CATEGORIES_MAX = 20;
