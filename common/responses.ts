// The JSON the API sends, as zod schemas: the one description of each shape. The OpenAPI document
// (server/openapi/) and the contract tests read them; dto.ts and admin-rules.ts derive the
// TypeScript types from them with type-only imports, so zod never reaches the client's bundle.
// Only schemas with a meta id become named components of the OpenAPI document.
import { z } from 'zod';
import { ALERT_FREQUENCIES } from './rules.js';

export const errorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'Error', description: 'Toda respuesta de error; message en español' });

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
    /** Mails about new concerts of the fan's favourite artists: at once, once a day, or never. */
    alertFrequency: z.enum(ALERT_FREQUENCIES),
    onboardingCompleted: z.boolean(),
    /** False until the link mailed to the address is opened (or Google vouched for it). */
    emailVerified: z.boolean(),
  })
  .meta({ id: 'Profile' });

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
});

/** A concert of the agenda without its like count (that one comes apart: likeCountsResponse). */
export const agendaConcertSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  hour: z.string(),
  venue: z.string(),
  venueId: z.number().int(),
  genre: z.string(),
  price: z.string(),
  imageUrl: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  descriptionShort: z.string().nullable(),
  descriptionLong: z.string().nullable(),
  /** Cancelled by an admin: still listed, shown as 'Cancelado', never scored. */
  cancelled: z.boolean(),
  bands: z.array(concertBandDtoSchema),
  /** Null for visitors, and for a fan with no row yet (not scored, never liked). */
  recommendation: recommendationSchema.nullable(),
});

export const concertListResponseSchema = z
  .object({ concerts: z.array(agendaConcertSchema) })
  .meta({ id: 'ConcertListResponse' });

/** A concert with its like count, as the app shows it. */
export const concertSchema = agendaConcertSchema.extend({ likeCount: z.number().int() });

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

/** GET /api/concerts/:id (its route declares no response schema yet). */
export const concertPageSchema = concertSchema.extend({
  /** '/conciertos/<id>-<slug>', the canonical path of the page. */
  path: z.string(),
  place: concertPlaceSchema,
  /** 'cancelled' once an admin cancels it (it stays on its page); nothing marks 'postponed' yet. */
  status: z.enum(['scheduled', 'cancelled', 'postponed']),
  /** False once it started more than 2 hours ago (like the agenda's cut-off). */
  upcoming: z.boolean(),
});

export const likeCountsResponseSchema = z
  .object({ likeCounts: z.record(z.string(), z.number().int()) })
  .meta({ id: 'LikeCountsResponse' });

export const likeResponseSchema = z
  .object({ liked: z.boolean(), likeCount: z.number().int() })
  .meta({ id: 'LikeResponse' });

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
