// The JSON the API sends, as zod schemas: the one description of each shape. The OpenAPI document
// (server/openapi/) and the contract tests read them; dto.ts, calendar.ts, admin-rules.ts and
// submission-rules.ts derive the TypeScript types from them with type-only imports, so zod never
// reaches the client's bundle.
// Only schemas with a meta id become named components of the OpenAPI document.
import { z } from 'zod';
import { ALERT_FREQUENCIES } from './rules.js';
import { SUBMISSION_STATUSES } from './submission-rules.js';

export const errorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'Error', description: 'Toda respuesta de error; message en el idioma del lector' });

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const publicConfigSchema = z
  .object({
    googleEnabled: z.boolean(),
    spotifyEnabled: z.boolean(),
    bandsFormUrl: z.string().nullable(),
    publicSiteUrl: z.string().nullable(),
    /** Where this app is reached (PUBLIC_URL): shared links point at its concert pages. */
    publicUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicConfig' });

export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    isAdmin: z.boolean(),
    onboardingCompleted: z.boolean(),
    /** False until the link mailed to the address is opened (or Google vouched for it). */
    emailVerified: z.boolean(),
  })
  .meta({ id: 'SessionUser' });

export const sessionResponseSchema = z
  .object({ user: sessionUserSchema.nullable() })
  .meta({ id: 'SessionResponse' });

export const signInResponseSchema = z
  .object({
    user: sessionUserSchema,
    /** True only for the account just created (register): the app goes on to onboarding. */
    isNewUser: z.boolean(),
  })
  .meta({ id: 'SignInResponse' });

export const resetPasswordResponseSchema = z
  .object({ user: sessionUserSchema })
  .meta({ id: 'ResetPasswordResponse' });

export const sessionSchema = z.object({
  /** Opaque: never the session's id. */
  id: z.string(),
  /** "Chrome en Windows", from the browser that signed in. */
  device: z.string(),
  /** ISO instant of the sign-in. */
  signedInAt: z.string(),
  /** ISO instant of the last request, to the hour (expiries are written at most hourly). */
  lastActiveAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});

export const sessionsResponseSchema = z
  .object({ sessions: z.array(sessionSchema) })
  .meta({ id: 'SessionsResponse' });

export const profileSchema = z
  .object({
    name: z.string().nullable(),
    email: z.string(),
    topArtists: z.array(z.string()),
    topGenres: z.array(z.string()),
    dislikedGenres: z.array(z.string()),
    /** False for accounts created through Google or Spotify until they set one. */
    hasPassword: z.boolean(),
    /** The providers the account signs in with, for re-authentication without a password. */
    signInProviders: z.array(z.enum(['google', 'spotify'])),
    isSubscribed: z.boolean(),
    /** Mails when a liked concert changes date, time, venue or price, or is cancelled. */
    changeNotices: z.boolean(),
    /** A mail the day before each concert the fan liked or goes to. */
    showReminders: z.boolean(),
    /** Mails about new concerts of the fan's favourite artists: at once, once a day, or never. */
    alertFrequency: z.enum(ALERT_FREQUENCIES),
    onboardingCompleted: z.boolean(),
    /** False until the link mailed to the address is opened (or Google vouched for it). */
    emailVerified: z.boolean(),
  })
  .meta({ id: 'Profile' });

/** GET/PATCH /api/profile/calendar: the fan's private feed. Its address is shown only once. */
export const calendarFeedSchema = z
  .object({
    /** A live link exists (the address itself cannot be shown again: only its hash is kept). */
    active: z.boolean(),
    /** ISO instant the live link was made, or null. */
    createdAt: z.string().nullable(),
    /** Every 🔥🔥🔥 match joins the concerts liked or gone to. */
    includeExtreme: z.boolean(),
  })
  .meta({ id: 'CalendarFeed' });

/** POST /api/profile/calendar/token: a new link (any older one stops working). */
export const calendarFeedLinkSchema = calendarFeedSchema
  .extend({ feedUrl: z.string(), webcalUrl: z.string() })
  .meta({ id: 'CalendarFeedLink' });

export const carouselConcertSchema = z.object({
  id: z.number().int(),
  /** yyyy-MM-dd, Europe/Madrid */
  day: z.string(),
  /** HH:mm, Europe/Madrid */
  hour: z.string(),
  genre: z.string(),
  venue: z.string(),
  /** Euros with two decimals as a string ("0.00" means free). */
  price: z.string(),
  /** Names of the linked bands, or the concert's free name when it has no band. */
  bands: z.array(z.string()),
});

export const carouselResponseSchema = z
  .object({ concerts: z.array(carouselConcertSchema) })
  .meta({ id: 'CarouselResponse' });

const feedbackValue = z.union([z.literal(-1), z.literal(0), z.literal(1)]);
const scoreLevel = z.enum(['extreme', 'high', 'medium', 'low']);

export const concertBandDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  spotifyUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
});

export const recommendationSchema = z.object({
  /** Null while it is being worked out. */
  score: scoreLevel.nullable(),
  reason: z.string().nullable(),
  liked: z.boolean(),
  feedback: feedbackValue,
  /** The fan said "Voy" (they go). */
  going: z.boolean(),
});

/** A concert of the agenda without its counts (they come apart: likeCountsResponse). */
export const agendaConcertSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  hour: z.string(),
  venue: z.string(),
  venueId: z.number().int(),
  genre: z.string(),
  price: z.string(),
  imageUrl: z.string().nullable(),
  /** Where tickets are sold ("Entradas"); null when unknown. */
  ticketUrl: z.string().nullable(),
  /** The page that announced it, for an imported concert ("Fuente"); else null. */
  sourceUrl: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  descriptionShort: z.string().nullable(),
  descriptionLong: z.string().nullable(),
  /** Cancelled by an admin: still listed, shown as 'Cancelado', never scored. */
  cancelled: z.boolean(),
  bands: z.array(concertBandDtoSchema),
  /** Null for visitors, and for a fan with no row yet (not scored, never liked, not going). */
  recommendation: recommendationSchema.nullable(),
});

export const concertListResponseSchema = z
  .object({ concerts: z.array(agendaConcertSchema) })
  .meta({ id: 'ConcertListResponse' });

/** A concert with its counts of likes and of fans going (never who), as the app shows it. */
export const concertSchema = agendaConcertSchema.extend({
  likeCount: z.number().int(),
  goingCount: z.number().int(),
});

export const concertPlaceSchema = z.object({
  name: z.string(),
  town: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** OpenStreetMap at the venue's point, or a search for its address. */
  mapUrl: z.string(),
});

/** GET /api/concerts/:id: one concert for its public page. */
export const concertPageSchema = concertSchema
  .extend({
    /** '/conciertos/<id>-<slug>', the canonical path of the page. */
    path: z.string(),
    place: concertPlaceSchema,
    /** 'cancelled' once an admin cancels it (it stays on its page); nothing marks 'postponed' yet. */
    status: z.enum(['scheduled', 'cancelled', 'postponed']),
    /** False once it started more than 2 hours ago (like the agenda's cut-off). */
    upcoming: z.boolean(),
  })
  .meta({ id: 'ConcertPage' });

/** Concert id → count, for the upcoming concerts whose count is not 0. */
const countsById = z.record(z.string(), z.number().int());

export const likeCountsResponseSchema = z
  .object({ likeCounts: countsById, goingCounts: countsById })
  .meta({ id: 'LikeCountsResponse' });

export const likeResponseSchema = z
  .object({ liked: z.boolean(), likeCount: z.number().int() })
  .meta({ id: 'LikeResponse' });

export const goingResponseSchema = z
  .object({ going: z.boolean(), goingCount: z.number().int() })
  .meta({ id: 'GoingResponse' });

export const feedbackResponseSchema = z
  .object({ feedback: feedbackValue })
  .meta({ id: 'FeedbackResponse' });

export const recommendationProgressSchema = z
  .object({
    total: z.number().int(),
    scored: z.number().int(),
    /** True while a generation is running or work remains. */
    running: z.boolean(),
  })
  .meta({ id: 'RecommendationProgress' });

export const bandNameSchema = z.object({ id: z.number().int(), name: z.string() });

export const bandNamesResponseSchema = z
  .object({ bands: z.array(bandNameSchema) })
  .meta({ id: 'BandNamesResponse' });

export const adminCreatedSchema = z
  .object({ id: z.number().int(), message: z.string() })
  .meta({ id: 'AdminCreated' });

export const uploadResponseSchema = z.object({ url: z.string() }).meta({ id: 'Upload' });

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
    price: z.string(),
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

/** As user_concert_recommendations.engine names them. */
export const recommendationEngineSchema = z.enum(['builtin', 'openai']);

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
  })
  .meta({ id: 'AdminFeedback' });

/** An ISO 8601 instant, or null when it never happened. */
const instantOrNull = z.string().nullable();

/** One submission as the moderation queue shows it (GET /api/admin/submissions, and by id). */
export const submissionSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(SUBMISSION_STATUSES),
    bandName: z.string(),
    email: z.string(),
    spotifyUrl: z.string().nullable(),
    genre: z.string(),
    day: z.string(),
    hour: z.string(),
    /** A venue of the list, or null for a new one (venueName, venueTown). */
    venueId: z.number().int().nullable(),
    venueName: z.string(),
    venueTown: z.string().nullable(),
    price: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    /** False for a submission queued before addresses were confirmed: its review mails nobody. */
    emailConfirmed: z.boolean(),
    reason: z.string().nullable(),
    concertId: z.number().int().nullable(),
    createdAt: z.string(),
    reviewedAt: instantOrNull,
  })
  .meta({ id: 'Submission' });

export const submissionListResponseSchema = z
  .object({ submissions: z.array(submissionSchema) })
  .meta({ id: 'SubmissionList' });

/** A venue of the public form's list. */
export const submissionVenueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  town: z.string(),
});

/** GET /api/submissions/form: the signed token to send back and the venues to pick from. */
export const submissionFormResponseSchema = z
  .object({ token: z.string(), venues: z.array(submissionVenueSchema) })
  .meta({ id: 'SubmissionForm' });

/** Approve, reject and spam: what happened, and the concert made by an approval. */
export const submissionReviewResponseSchema = z
  .object({
    message: z.string(),
    concertId: z.number().int().nullable(),
    /**
     * The mail to the band: 'failed' when it could not be sent (the review stands), 'none' when
     * none was due (spam, or an address nobody confirmed).
     */
    mail: z.enum(['sent', 'failed', 'none']),
  })
  .meta({ id: 'SubmissionReview' });

export const ADMIN_RUN_KINDS = [
  'recommendations',
  'descriptions-short',
  'descriptions-long',
] as const;

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
    /** Imported events waiting for review; sources whose runs fail, and paused ones. */
    sources: z.object({
      waiting: z.number().int(),
      failing: z.number().int(),
      paused: z.number().int(),
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

export const DATA_EXPORT_FORMAT = 'conciertos-mallorca-data-export';

/** A concert as the export names it: enough to recognise it without the agenda. */
const exportConcertSchema = z.object({
  concertId: z.number().int(),
  /** Bands joined with ' + ', else the concert's own name, else 'Concierto de <genre>'. */
  title: z.string(),
  /** yyyy-MM-dd and HH:mm, Europe/Madrid. */
  day: z.string(),
  hour: z.string(),
  venue: z.string(),
  genre: z.string(),
  cancelled: z.boolean(),
});

/**
 * GET /api/profile/export ('Descargar mis datos'): everything held about the fan, English keys.
 * Secrets never go in: no password hash, session id, token or token hash.
 */
export const dataExportSchema = z
  .object({
    format: z.literal(DATA_EXPORT_FORMAT),
    /** Goes up when a key changes meaning or goes away; new keys may appear without it. */
    formatVersion: z.literal(1),
    exportedAt: z.string(),
    /** What the file is and what it leaves out, in Spanish. */
    about: z.string(),
    account: z.object({
      userId: z.string(),
      email: z.string(),
      emailVerifiedAt: instantOrNull,
      name: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      lastSignInAt: instantOrNull,
      /** Whether the account has a password (never the password or its hash). */
      hasPassword: z.boolean(),
      passwordChangedAt: instantOrNull,
      isAdmin: z.boolean(),
      onboardingCompleted: z.boolean(),
      /** True while the fan's recommendations wait to be worked out again. */
      recommendationsPending: z.boolean(),
      /** What Spotify told us at sign-in, when the fan used it. */
      spotifyProfile: z.object({
        spotifyId: z.string().nullable(),
        country: z.string().nullable(),
        followers: z.number().int(),
        profileImage: z.string().nullable(),
      }),
    }),
    tastes: z.object({
      likedGenres: z.array(z.string()),
      dislikedGenres: z.array(z.string()),
      favouriteArtists: z.array(z.string()),
    }),
    mailPreferences: z.object({
      weeklyMail: z.boolean(),
      concertChangeNotices: z.boolean(),
      showReminders: z.boolean(),
    }),
    /** Every concert with a row for the fan: their like, their 👍/👎, our score and reason. */
    concerts: z.array(
      z.object({
        concert: exportConcertSchema,
        liked: z.boolean(),
        /** When the fan said "Voy", or null. */
        goingSince: instantOrNull,
        feedback: z.enum(['thumbsUp', 'thumbsDown']).nullable(),
        feedbackAt: instantOrNull,
        /** Null until the concert is scored for the fan. */
        recommendation: z
          .object({
            score: scoreLevel,
            reason: z.string().nullable(),
            engine: recommendationEngineSchema.nullable(),
            scoredAt: instantOrNull,
          })
          .nullable(),
        updatedAt: z.string(),
      }),
    ),
    /** Google or Spotify accounts the fan signs in with (no OAuth token is ever stored). */
    signInIdentities: z.array(
      z.object({
        provider: z.string(),
        providerUserId: z.string(),
        email: z.string().nullable(),
        linkedAt: z.string(),
      }),
    ),
    /** Stored sessions; no IP address is stored, only the browser as "Chrome en Windows". */
    sessions: z.array(
      z.object({
        device: z.string(),
        signedInAt: z.string(),
        /** To the hour (expiries are written at most hourly). */
        lastActiveAt: z.string(),
        expiresAt: z.string(),
        /** The session that downloaded this file. */
        current: z.boolean(),
      }),
    ),
    /** Every mail recorded for the fan; subjects are not stored. */
    mails: z.array(
      z.object({
        kind: z.string(),
        toEmail: z.string(),
        status: z.string(),
        attempts: z.number().int(),
        createdAt: z.string(),
        sentAt: instantOrNull,
        /** The weekly campaign it belonged to. */
        weeklyCampaign: z.object({ isoWeek: z.string(), mode: z.string() }).nullable(),
        /** What the mail said, when it is stored (notices about a changed concert). */
        content: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
    /** The private calendar feed; null when the fan never made one. Its link is never included. */
    calendarFeed: z
      .object({
        privateLinkActive: z.boolean(),
        privateLinkCreatedAt: instantOrNull,
        includeExtremeMatches: z.boolean(),
        updatedAt: z.string(),
      })
      .nullable(),
    /** Links mailed to the fan, without their tokens. */
    accountLinks: z.object({
      passwordResets: z.array(
        z.object({ requestedAt: z.string(), expiresAt: z.string(), usedAt: instantOrNull }),
      ),
      emailVerifications: z.array(
        z.object({
          email: z.string(),
          requestedAt: z.string(),
          expiresAt: z.string(),
          usedAt: instantOrNull,
        }),
      ),
    }),
    /** 'Publica tus conciertos' sent with the fan's address (only once the address is verified). */
    submissions: z.array(
      z.object({
        submissionId: z.number().int(),
        status: z.string(),
        bandName: z.string(),
        contactEmail: z.string(),
        spotifyUrl: z.string().nullable(),
        genre: z.string(),
        day: z.string(),
        hour: z.string(),
        venueName: z.string(),
        venueTown: z.string().nullable(),
        /** Euros with two decimals as a string. */
        price: z.string(),
        description: z.string().nullable(),
        imageUrl: z.string().nullable(),
        /** The reason given by the admin who rejected it. */
        rejectionReason: z.string().nullable(),
        createdAt: z.string(),
        confirmedAt: instantOrNull,
        reviewedAt: instantOrNull,
        /** The concert it became, once approved. */
        concertId: z.number().int().nullable(),
      }),
    ),
    /** What the fan did as an admin (empty lists for everyone else). */
    adminActivity: z.object({
      auditLog: z.array(
        z.object({
          at: z.string(),
          action: z.string(),
          entity: z.string(),
          entityId: z.string().nullable(),
        }),
      ),
      weeklyCampaignsStarted: z.array(
        z.object({ isoWeek: z.string(), mode: z.string(), startedAt: z.string() }),
      ),
      submissionsReviewed: z.array(
        z.object({
          submissionId: z.number().int(),
          status: z.string(),
          reviewedAt: instantOrNull,
        }),
      ),
      concertsAdded: z.array(z.object({ concertId: z.number().int(), addedAt: z.string() })),
    }),
  })
  .meta({ id: 'DataExport' });
