// zod schemas of the main JSON answers, for the OpenAPI document (server/openapi/) and the contract
// tests that check every response against it. The TypeScript shapes stay in dto.ts (the client
// imports those without zod); the checks at the end fail the typecheck when the two disagree.
import { z } from 'zod';
import type {
  AdminFeedbackResponse,
  ApiErrorBody,
  BandNamesResponse,
  CarouselResponse,
  ConcertListResponse,
  LikeCountsResponse,
  FeedbackResponse,
  LikeResponse,
  MessageResponse,
  ProfileDto,
  PublicConfigDto,
  RecommendationProgressDto,
  SessionResponse,
  SessionsResponse,
  SignInResponse,
} from './dto.js';
import type {
  AdminBandSearchResponse,
  AdminConcertSearchResponse,
  AdminCreatedResponse,
  UploadResponse,
} from './admin-rules.js';

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
    publicUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicConfig' });

const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    isAdmin: z.boolean(),
    onboardingCompleted: z.boolean(),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'SessionUser' });

export const sessionResponseSchema = z
  .object({ user: sessionUserSchema.nullable() })
  .meta({ id: 'SessionResponse' });

export const signInResponseSchema = z
  .object({ user: sessionUserSchema, isNewUser: z.boolean() })
  .meta({ id: 'SignInResponse' });

export const resetPasswordResponseSchema = z
  .object({ user: sessionUserSchema })
  .meta({ id: 'ResetPasswordResponse' });

export const sessionsResponseSchema = z
  .object({
    sessions: z.array(
      z.object({
        id: z.string(),
        device: z.string(),
        signedInAt: z.string(),
        lastActiveAt: z.string(),
        current: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'SessionsResponse' });

export const profileSchema = z
  .object({
    name: z.string().nullable(),
    email: z.string(),
    topArtists: z.array(z.string()),
    topGenres: z.array(z.string()),
    dislikedGenres: z.array(z.string()),
    hasPassword: z.boolean(),
    signInProviders: z.array(z.enum(['google', 'spotify'])),
    isSubscribed: z.boolean(),
    changeNotices: z.boolean(),
    onboardingCompleted: z.boolean(),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'Profile' });

export const carouselResponseSchema = z
  .object({
    concerts: z.array(
      z.object({
        id: z.number().int(),
        day: z.string(),
        hour: z.string(),
        genre: z.string(),
        venue: z.string(),
        price: z.string(),
        bands: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'CarouselResponse' });

const feedbackValue = z.union([z.literal(-1), z.literal(0), z.literal(1)]);

export const concertListResponseSchema = z
  .object({
    concerts: z.array(
      z.object({
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
        cancelled: z.boolean(),
        bands: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            spotifyUrl: z.string().nullable(),
            imageUrl: z.string().nullable(),
          }),
        ),
        recommendation: z
          .object({
            score: z.enum(['extreme', 'high', 'medium', 'low']).nullable(),
            reason: z.string().nullable(),
            liked: z.boolean(),
            feedback: feedbackValue,
          })
          .nullable(),
      }),
    ),
  })
  .meta({ id: 'ConcertListResponse' });

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
  .object({ total: z.number().int(), scored: z.number().int(), running: z.boolean() })
  .meta({ id: 'RecommendationProgress' });

export const bandNamesResponseSchema = z
  .object({ bands: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: 'BandNamesResponse' });

export const adminCreatedSchema = z
  .object({ id: z.number().int(), message: z.string() })
  .meta({ id: 'AdminCreated' });

export const uploadResponseSchema = z.object({ url: z.string() }).meta({ id: 'Upload' });

export const adminConcertSearchSchema = z
  .object({
    concerts: z.array(
      z.object({
        id: z.number().int(),
        day: z.string(),
        hour: z.string(),
        venue: z.string(),
        name: z.string().nullable(),
        bands: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'AdminConcertSearch' });

export const adminBandSearchSchema = z
  .object({ bands: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: 'AdminBandSearch' });

export const adminFeedbackSchema = z
  .object({
    days: z.number().int(),
    since: z.string(),
    counts: z.array(
      z.object({
        engine: z.enum(['builtin', 'openai']),
        score: z.enum(['extreme', 'high', 'medium', 'low']),
        thumbsUp: z.number().int(),
        thumbsDown: z.number().int(),
      }),
    ),
    mostDisliked: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        day: z.string(),
        venue: z.string(),
        thumbsDown: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AdminFeedback' });

// Each schema's output must be exactly its dto.ts type: a drift is a type error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
export type ResponseSchemasMatchDtos = [
  Check<Same<z.output<typeof errorResponseSchema>, ApiErrorBody>>,
  Check<Same<z.output<typeof messageResponseSchema>, MessageResponse>>,
  Check<Same<z.output<typeof publicConfigSchema>, PublicConfigDto>>,
  Check<Same<z.output<typeof sessionResponseSchema>, SessionResponse>>,
  Check<Same<z.output<typeof signInResponseSchema>, SignInResponse>>,
  Check<Same<z.output<typeof sessionsResponseSchema>, SessionsResponse>>,
  Check<Same<z.output<typeof profileSchema>, ProfileDto>>,
  Check<Same<z.output<typeof carouselResponseSchema>, CarouselResponse>>,
  Check<Same<z.output<typeof concertListResponseSchema>, ConcertListResponse>>,
  Check<Same<z.output<typeof likeCountsResponseSchema>, LikeCountsResponse>>,
  Check<Same<z.output<typeof likeResponseSchema>, LikeResponse>>,
  Check<Same<z.output<typeof feedbackResponseSchema>, FeedbackResponse>>,
  Check<Same<z.output<typeof recommendationProgressSchema>, RecommendationProgressDto>>,
  Check<Same<z.output<typeof bandNamesResponseSchema>, BandNamesResponse>>,
  Check<Same<z.output<typeof adminCreatedSchema>, AdminCreatedResponse>>,
  Check<Same<z.output<typeof uploadResponseSchema>, UploadResponse>>,
  Check<Same<z.output<typeof adminConcertSearchSchema>, AdminConcertSearchResponse>>,
  Check<Same<z.output<typeof adminBandSearchSchema>, AdminBandSearchResponse>>,
  Check<Same<z.output<typeof adminFeedbackSchema>, AdminFeedbackResponse>>,
];
