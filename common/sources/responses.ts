// The sources' answers as zod schemas (the OpenAPI document, the contract tests); types.ts derives
// their types with type-only imports.
import { z } from 'zod';
import { RUN_TRIGGERS, WAITING_REASONS } from './limits.js';

const count = z.number().int();

export const skippedReasonSchema = z.object({
  /** Why: past, beyond-horizon, no-name, no-start, bad-date, over-limit, rejected, ... */
  reason: z.string(),
  count,
  /** The names of the first few skipped for it. */
  examples: z.array(z.string()),
});

/** What one run did: every event found is in exactly one of the five counts. */
const runCounts = {
  found: count,
  /** Concerts published. */
  created: count,
  /** Concerts changed (a change at the source, a cancellation, a concert joined). */
  updated: count,
  unchanged: count,
  /** New or still waiting for an admin. */
  waiting: count,
  skipped: count,
  skippedReasons: z.array(skippedReasonSchema),
};

export const sourceRunSchema = z
  .object({
    /** ISO instant the run started. */
    at: z.string(),
    finishedAt: z.string().nullable(),
    trigger: z.enum(RUN_TRIGGERS),
    /** The source answered that nothing changed since the last run (HTTP 304). */
    notModified: z.boolean(),
    ...runCounts,
    /** Why the source could not be read, in the reader's language; null when it was. */
    error: z.string().nullable(),
  })
  .meta({ id: 'SourceRun' });

export const sourceSchema = z
  .object({
    id: z.number().int(),
    /** A calendar's or page's address, or a fediverse account's actor id. */
    url: z.string(),
    /** 'fediverse': an account we follow; its events arrive on their own, it has no runs. */
    kind: z.enum(['feed', 'fediverse']),
    /** For a fediverse account: whether it accepted our follow yet. */
    followState: z.enum(['pending', 'accepted', 'rejected']).nullable(),
    name: z.string(),
    review: z.boolean(),
    genre: z.string().nullable(),
    venueId: z.number().int().nullable(),
    venueName: z.string().nullable(),
    paused: z.boolean(),
    /** Why it is paused, in the reader's language. */
    pausedReason: z.string().nullable(),
    consecutiveFailures: count,
    /** ISO instant of its next scheduled run (null while paused). */
    nextRunAt: z.string().nullable(),
    lastRun: sourceRunSchema.nullable(),
    /** Its events waiting for an admin. */
    waiting: count,
    /** Its upcoming concerts no longer on the source. */
    missing: count,
  })
  .meta({ id: 'Source' });

export const sourceListSchema = z
  .object({ items: z.array(sourceSchema) })
  .meta({ id: 'SourceList' });

export const sourceRunResultSchema = z
  .object({ ...runCounts, error: z.string().nullable() })
  .meta({ id: 'SourceRunResult' });

const eventVenueSchema = z.object({ name: z.string(), address: z.string().nullable() });

/** An event as its source announced it (normalised), for the admin to judge. */
export const importedEventSchema = z.object({
  name: z.string(),
  /** yyyy-MM-dd and HH:mm, Europe/Madrid; hour null for an all-day event. */
  day: z.string(),
  hour: z.string().nullable(),
  venue: eventVenueSchema.nullable(),
  performers: z.array(z.string()),
  description: z.string().nullable(),
  /** Euros with two decimals as a string; null when the source does not say. */
  price: z.string().nullable(),
  ticketUrl: z.string().nullable(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  status: z.enum(['scheduled', 'cancelled', 'postponed', 'rescheduled']),
  categories: z.array(z.string()),
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const waitingEventSchema = z
  .object({
    id: z.number().int(),
    sourceId: z.number().int(),
    sourceName: z.string(),
    reason: z.enum(WAITING_REASONS),
    event: importedEventSchema,
    /** Our venue it was matched to, when one was. */
    venue: named.nullable(),
    /** The genre it would get, when one was found. */
    genre: z.string().nullable(),
    /** Its performers that are bands of ours already (the others are created on approval). */
    bands: z.array(named),
    /** No longer on its source. */
    missing: z.boolean(),
    firstSeenAt: z.string(),
  })
  .meta({ id: 'WaitingEvent' });

export const waitingPageSchema = z
  .object({
    items: z.array(waitingEventSchema),
    total: count,
    page: count,
    pageSize: count,
  })
  .meta({ id: 'WaitingEventPage' });

export const waitingApprovedSchema = z
  .object({ concertId: z.number().int(), message: z.string() })
  .meta({ id: 'WaitingEventApproved' });

export const missingConcertSchema = z.object({
  concertId: z.number().int(),
  sourceId: z.number().int(),
  sourceName: z.string(),
  day: z.string(),
  hour: z.string(),
  venue: z.string(),
  /** The event's name at its source. */
  name: z.string(),
  cancelled: z.boolean(),
  /** ISO instant of the first run that did not find it. */
  missingSince: z.string(),
});

export const missingListSchema = z
  .object({ items: z.array(missingConcertSchema) })
  .meta({ id: 'MissingConcertList' });
