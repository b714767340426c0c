// The admin API's answers, as zod schemas: the OpenAPI document is generated from them, and
// types.ts derives their TypeScript types with type-only imports. Apart from schemas.ts (the
// requests), which the admin screens run.
import { z } from 'zod';
import { bandNameSchema, recommendationEngineSchema, scoreLevel } from '../concerts/responses.js';
import { adminLearningSchema } from '../learning/responses.js';
import { ADMIN_RUN_KINDS } from './limits.js';

/** An ISO 8601 instant, or null when it never happened. */
const instantOrNull = z.string().nullable();

export const adminCreatedSchema = z
  .object({ id: z.number().int(), message: z.string() })
  .meta({ id: 'AdminCreated' });

export const adminConcertOptionSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  hour: z.string(),
  venue: z.string(),
  name: z.string().nullable(),
  bands: z.array(z.string()),
});

export const adminConcertSearchSchema = z
  .object({ concerts: z.array(adminConcertOptionSchema) })
  .meta({ id: 'AdminConcertSearch' });

export const adminBandSearchSchema = z
  .object({ bands: z.array(bandNameSchema) })
  .meta({ id: 'AdminBandSearch' });

/**
 * GET /api/admin/venues: the known venues, then names only found on concerts (known false; id is
 * the venue_id those concerts use).
 */
export const adminVenueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  town: z.string().nullable(),
  known: z.boolean(),
});

export const adminVenuesResponseSchema = z
  .object({ venues: z.array(adminVenueSchema) })
  .meta({ id: 'AdminVenues' });

/** One page of an admin list. */
const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** A concert as the admin list and form see it (GET /api/admin/concerts, /concerts/:id). */
export const adminConcertSchema = z
  .object({
    id: z.number().int(),
    day: z.string(),
    hour: z.string(),
    venueId: z.number().int(),
    venue: z.string(),
    genre: z.string(),
    price: z.string().nullable(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    /** Where tickets are sold, and the page of the source it was imported from (null: unknown). */
    ticketUrl: z.string().nullable(),
    sourceUrl: z.string().nullable(),
    likeCount: z.number().int(),
    /** ISO instant, or null while it goes ahead. */
    cancelledAt: z.string().nullable(),
    bands: z.array(bandNameSchema),
  })
  .meta({ id: 'AdminConcert' });

export const adminConcertPageSchema = adminPageOf(adminConcertSchema).meta({
  id: 'AdminConcertPage',
});

/** GET /api/admin/bands. */
export const adminBandSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    spotifyUrl: z.string().nullable(),
    genres: z.array(z.string()),
    imageUrl: z.string().nullable(),
    /** Concerts linked to it: a band is deleted only when unused. */
    concertCount: z.number().int(),
  })
  .meta({ id: 'AdminBand' });

export const adminBandPageSchema = adminPageOf(adminBandSchema).meta({ id: 'AdminBandPage' });

/** A venue of the managed list (GET /api/admin/venues/managed). */
export const adminManagedVenueSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    town: z.string(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    concertCount: z.number().int(),
  })
  .meta({ id: 'AdminManagedVenue' });

export const adminManagedVenuesResponseSchema = z
  .object({ venues: z.array(adminManagedVenueSchema) })
  .meta({ id: 'AdminManagedVenues' });

/** One entry of the audit log (GET /api/admin/audit), most recent first. */
export const adminAuditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    /** The admin's email, or 'API' for the X-Admin-Token. */
    actor: z.string(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AdminAuditEntry' });

export const adminAuditPageSchema = adminPageOf(adminAuditEntrySchema).meta({
  id: 'AdminAuditPage',
});

/** How many recommendations of one engine and score level got 👍 and 👎. */
export const adminFeedbackCountSchema = z.object({
  engine: recommendationEngineSchema,
  score: scoreLevel,
  thumbsUp: z.number().int(),
  thumbsDown: z.number().int(),
});

/** A concert fans gave 👎, with how many did. */
export const adminDislikedConcertSchema = z.object({
  id: z.number().int(),
  /** As the app shows it: bands joined with ' + ', else its name, else 'Concierto de <genre>'. */
  title: z.string(),
  /** yyyy-MM-dd, Europe/Madrid. */
  day: z.string(),
  venue: z.string(),
  thumbsDown: z.number().int(),
});

export const adminFeedbackSchema = z
  .object({
    days: z.number().int(),
    /** ISO 8601 instant: the start of the window, by the app's clock. */
    since: z.string(),
    counts: z.array(adminFeedbackCountSchema),
    mostDisliked: z.array(adminDislikedConcertSchema),
    /** How often what fans taught us moved their scores, up and down. */
    learning: adminLearningSchema,
  })
  .meta({ id: 'AdminFeedback' });

/** A generation started from the panel: the latest one of its kind. */
export const adminRunSchema = z
  .object({
    kind: z.enum(ADMIN_RUN_KINDS),
    /** 'failed': it ended with an error, some of its work failed, or it never finished. */
    status: z.enum(['running', 'done', 'failed']),
    startedAt: z.string(),
    finishedAt: instantOrNull,
    /** Until now while running. */
    durationSeconds: z.number().int(),
    /** Fans (recommendations) or concerts (descriptions); null while not known yet. */
    total: z.number().int().nullable(),
    done: z.number().int(),
    failed: z.number().int(),
    /** In the admin's language (a run recorded before errors were ids: Spanish). */
    error: z.string().nullable(),
    /** The admin who started it (name, else email); null for the API token. */
    startedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminRun' });

/** The latest run of each kind that ever ran (a kind never run is absent). */
export const adminRunsResponseSchema = z
  .object({ runs: z.array(adminRunSchema) })
  .meta({ id: 'AdminRuns' });

/** GET /api/admin/overview: what needs the admin today. */
export const adminOverviewSchema = z
  .object({
    /** Today in Madrid (yyyy-MM-dd): the day the counts below are about. */
    today: z.string(),
    /** Concerts from today on, not cancelled. */
    concerts: z.object({
      upcoming: z.number().int(),
      withoutBands: z.number().int(),
      withoutImage: z.number().int(),
    }),
    /** Confirmed submissions waiting for review. */
    submissionsPending: z.number().int(),
    /**
     * The hourly cap on the submission form's confirmation mails: SUBMISSION_CONFIRMATION_MAILS_PER_HOUR,
     * how many submissions it refused in the last 24 hours, and when the last one was refused.
     */
    submissionMailCap: z.object({
      perHour: z.number().int(),
      refusedLast24h: z.number().int(),
      lastRefusedAt: instantOrNull,
    }),
    /** Imported events waiting for review; sources whose runs fail, and paused ones. */
    sources: z.object({
      waiting: z.number().int(),
      failing: z.number().int(),
      paused: z.number().int(),
    }),
    /**
     * The agenda on the fediverse: whether it is on (FEDERATION), who follows each of our actors
     * (agenda, genres; those with followers), and the inboxes whose deliveries were given up on.
     */
    fediverse: z.object({
      enabled: z.boolean(),
      followers: z.array(z.object({ actor: z.string(), count: z.number().int() })),
      failingInboxes: z.number().int(),
      failedDeliveries: z.number().int(),
    }),
    fans: z.object({
      total: z.number().int(),
      /** With a verified email address. */
      verified: z.number().int(),
      /** Who the weekly mail goes to: subscribed, with a verified address. */
      weeklySubscribers: z.number().int(),
    }),
    /** The last weekly campaign, or null when none was ever sent. */
    lastWeeklyMail: z
      .object({
        startedAt: z.string(),
        finishedAt: instantOrNull,
        mode: z.enum(['prueba', 'real']),
        recipients: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
        pending: z.number().int(),
      })
      .nullable(),
    ai: z.object({
      /** False: no OPENAI_API_KEY, the built-in engine and templates do the work. */
      configured: z.boolean(),
      /** AI calls counted today (Madrid day). */
      callsToday: z.number().int(),
      /** OPENAI_DAILY_CALL_LIMIT. */
      dailyLimit: z.number().int(),
    }),
    /** Background jobs failed for good in the last 7 days, per queue (only queues with some). */
    failedJobs: z.array(z.object({ queue: z.string(), count: z.number().int() })),
    runs: z.array(adminRunSchema),
  })
  .meta({ id: 'AdminOverview' });
