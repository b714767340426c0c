// The types of responses.ts. Only type imports here: the client imports this file, and zod must
// stay out of its bundle.
import type { z } from 'zod';
import type {
  agendaConcertSchema,
  bandNameSchema,
  bandNamesResponseSchema,
  carouselConcertSchema,
  carouselResponseSchema,
  concertListResponseSchema,
  concertPageSchema,
  concertSchema,
  feedbackResponseSchema,
  goingResponseSchema,
  likeCountsResponseSchema,
  likeResponseSchema,
  recommendationEngineSchema,
  recommendationProgressSchema,
  recommendationSchema,
} from './responses.js';

/** GET /api/concerts/carousel: the landing carousel (up to 20 upcoming concerts). */
export type CarouselConcertDto = z.infer<typeof carouselConcertSchema>;
export type CarouselResponse = z.infer<typeof carouselResponseSchema>;

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

/** The recommendation engines, as user_concert_recommendations.engine names them. */
export type RecommendationEngineName = z.infer<typeof recommendationEngineSchema>;

/** GET /api/bands: every band's name, for suggestions. */
export type BandNameDto = z.infer<typeof bandNameSchema>;
export type BandNamesResponse = z.infer<typeof bandNamesResponseSchema>;

/**
 * GET /api/concerts/:id: one concert for its public page (/conciertos/<id>-<slug>); the
 * recommendation is the signed-in fan's, null for visitors. Past concerts answer too: a shared
 * link keeps working; only a removed or unknown concert is a 404.
 */
export type ConcertPageDto = z.infer<typeof concertPageSchema>;
