// A fan's profile in the API's answers: the profile, the sessions and the file 'Descargar mis
// datos' (GET /api/profile/export), as zod schemas: the OpenAPI document is generated from them;
// types.ts derives their types.
import { z } from 'zod';
import { recommendationEngineSchema, scoreLevel } from '../concerts/responses.js';
import { learnedTastesSchema } from '../learning/responses.js';
import { ALERT_FREQUENCIES } from './limits.js';

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

/** An ISO 8601 instant, or null when it never happened. */
const instantOrNull = z.string().nullable();

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
    /** What we learned from the fan's 👍/👎, likes and 'Voy', with what each came from. */
    learnedTastes: learnedTastesSchema,
    mailPreferences: z.object({
      weeklyMail: z.boolean(),
      concertChangeNotices: z.boolean(),
      showReminders: z.boolean(),
    }),
    /** Every concert with a row for the fan: their like, 'Voy', 👍/👎, our score and reason. */
    concerts: z.array(
      z.object({
        concert: exportConcertSchema,
        liked: z.boolean(),
        /** When the fan gave the like (null: no like, or given before likes were dated). */
        likedAt: instantOrNull,
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
            /** Whether what the fan taught us moved the score up or down (null: it did not). */
            learned: z.enum(['up', 'down']).nullable(),
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
    /** Concerts of the fan's favourite artists matched for an alert mail. */
    artistAlerts: z.array(
      z.object({
        concertId: z.number().int(),
        matchedAt: z.string(),
        /** Whether the alert went into a mail (see mails). */
        mailed: z.boolean(),
        /** When it was dropped unsent (the concert changed or the fan turned alerts off). */
        droppedAt: instantOrNull,
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
    /**
     * 'Publica tus conciertos' sent with the fan's address and confirmed from its mailbox (only
     * once the account's address is verified).
     */
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
