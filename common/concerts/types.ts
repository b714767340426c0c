// The TypeScript types of the JSON the API sends, derived from the zod schemas of responses.ts (the
// one description of each shape). Only type imports here: the client imports this file, and zod
// must stay out of its bundle.
import type { z } from 'zod';
import type {
  adminDislikedConcertSchema,
  adminOverviewSchema,
  adminRunSchema,
  adminRunsResponseSchema,
  adminFeedbackCountSchema,
  adminFeedbackSchema,
  agendaConcertSchema,
  bandNameSchema,
  bandNamesResponseSchema,
  carouselConcertSchema,
  carouselResponseSchema,
  concertBandDtoSchema,
  concertListResponseSchema,
  concertPageSchema,
  concertPlaceSchema,
  concertSchema,
  dataExportSchema,
  errorResponseSchema,
  feedbackResponseSchema,
  goingResponseSchema,
  likeCountsResponseSchema,
  likeResponseSchema,
  messageResponseSchema,
  profileSchema,
  publicConfigSchema,
  recommendationEngineSchema,
  recommendationProgressSchema,
  recommendationSchema,
  resetPasswordResponseSchema,
  sessionResponseSchema,
  sessionSchema,
  sessionsResponseSchema,
  sessionUserSchema,
  signInResponseSchema,
  submissionFormResponseSchema,
  submissionListResponseSchema,
  submissionReviewResponseSchema,
  submissionSchema,
  submissionVenueSchema,
} from './schemas.js';

/** GET /api/concerts/carousel: the landing carousel (up to 20 upcoming concerts). */
export type CarouselConcertDto = z.infer<typeof carouselConcertSchema>;
export type CarouselResponse = z.infer<typeof carouselResponseSchema>;

/** Runtime settings the server hands to the SPA (injected into index.html, or GET /api/config). */
export type PublicConfigDto = z.infer<typeof publicConfigSchema>;

/** Every error response: { error: { code, message } } with a user-facing message in the reader's language. */
export type ApiErrorBody = z.infer<typeof errorResponseSchema>;

/** The signed-in user: GET /api/session answers { user: SessionUserDto | null }. */
export type SessionUserDto = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/login and /api/auth/register: the user now signed in. */
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/reset-password: the user, signed in with the new password. */
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/** One of the signed-in fan's sessions (GET /api/profile/sessions). */
export type SessionDto = z.infer<typeof sessionSchema>;
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** GET/PATCH /api/profile. */
export type ProfileDto = z.infer<typeof profileSchema>;

/**
 * A plain message in the reader's language: POST /api/auth/recover, /api/auth/verify-email,
 * /api/profile/verification-email, /api/unsubscribe and the admin actions.
 */
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export type ConcertBandDto = z.infer<typeof concertBandDtoSchema>;

/** The signed-in fan's row for a concert; score null while it is being worked out. */
export type RecommendationDto = z.infer<typeof recommendationSchema>;

/** One upcoming concert of the agenda, as the app shows it (with its like count). */
export type ConcertDto = z.infer<typeof concertSchema>;

/**
 * GET /api/concerts: the agenda without like counts, which change with every fan's like and come
 * apart from GET /api/concerts/likes (the app puts them together into ConcertDto).
 */
export type AgendaConcertDto = z.infer<typeof agendaConcertSchema>;
export type ConcertListResponse = z.infer<typeof concertListResponseSchema>;

/**
 * GET /api/concerts/likes: concert id → like count and → how many fans go, for upcoming concerts
 * where that count is not 0.
 */
export type LikeCountsResponse = z.infer<typeof likeCountsResponseSchema>;
export type LikeResponse = z.infer<typeof likeResponseSchema>;
export type GoingResponse = z.infer<typeof goingResponseSchema>;
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

/** GET /api/recommendations/progress: how many of the fan's future concerts have a score. */
export type RecommendationProgressDto = z.infer<typeof recommendationProgressSchema>;

/** GET /api/bands: every band's name, for suggestions. */
export type BandNameDto = z.infer<typeof bandNameSchema>;
export type BandNamesResponse = z.infer<typeof bandNamesResponseSchema>;

/** Where a concert happens, for its public page. */
export type ConcertPlaceDto = z.infer<typeof concertPlaceSchema>;

/**
 * GET /api/concerts/:id: one concert for its public page (/conciertos/<id>-<slug>); the
 * recommendation is the signed-in fan's, null for visitors. Past concerts answer too: a shared
 * link keeps working; only a removed or unknown concert is a 404.
 */
export type ConcertPageDto = z.infer<typeof concertPageSchema>;

/** The recommendation engines, as user_concert_recommendations.engine names them. */
export type RecommendationEngineName = z.infer<typeof recommendationEngineSchema>;
export type AdminFeedbackCountDto = z.infer<typeof adminFeedbackCountSchema>;
export type AdminDislikedConcertDto = z.infer<typeof adminDislikedConcertSchema>;

/**
 * GET /api/admin/feedback: the fans' 👍/👎 given over the last `days` days (since `since`).
 * `counts` has every engine × level, zeros included (builtin first, then extreme to low); a
 * recommendation without an engine counts as builtin. `mostDisliked`: at most 10, most 👎 first.
 */
export type AdminFeedbackResponse = z.infer<typeof adminFeedbackSchema>;
export type AdminRunDto = z.infer<typeof adminRunSchema>;
export type AdminRunKind = AdminRunDto['kind'];
export type AdminRunsResponse = z.infer<typeof adminRunsResponseSchema>;
export type AdminOverviewResponse = z.infer<typeof adminOverviewSchema>;

/** GET /api/profile/export: the file 'Descargar mis datos' gives (everything held about the fan). */
export type DataExport = z.infer<typeof dataExportSchema>;

/** A venue of the public form's list. */
export type SubmissionVenueDto = z.infer<typeof submissionVenueSchema>;

/** GET /api/submissions/form: the signed token to send back and the venues to pick from. */
export type SubmissionFormResponse = z.infer<typeof submissionFormResponseSchema>;

/** 201 of POST /api/submissions. */
export type SubmissionCreatedResponse = z.infer<typeof messageResponseSchema>;

/** One submission as the moderation queue shows it (`submissionSchema`). */
export type SubmissionDto = z.infer<typeof submissionSchema>;

export type SubmissionListResponse = z.infer<typeof submissionListResponseSchema>;

/** Approve, reject and spam: what happened, and the concert made by an approval. */
export type SubmissionReviewResponse = z.infer<typeof submissionReviewResponseSchema>;
