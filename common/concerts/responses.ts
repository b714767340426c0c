// A concert in the API's answers (carousel, agenda, a concert's page, counts, bands, the fan's
// recommendations), as zod schemas: the OpenAPI document is generated from them, and types.ts
// derives their TypeScript types with type-only imports, so zod never reaches the client's bundle.
// Only schemas with a meta id become named components of the OpenAPI document.
import { z } from 'zod';

export const carouselConcertSchema = z.object({
  id: z.number().int(),
  /** yyyy-MM-dd, Europe/Madrid */
  day: z.string(),
  /** HH:mm, Europe/Madrid */
  hour: z.string(),
  genre: z.string(),
  venue: z.string(),
  /** Euros with two decimals as a string ("0.00" means free); null when unknown. */
  price: z.string().nullable(),
  /** Names of the linked bands, or the concert's free name when it has no band. */
  bands: z.array(z.string()),
});

export const carouselResponseSchema = z
  .object({ concerts: z.array(carouselConcertSchema) })
  .meta({ id: 'CarouselResponse' });

const feedbackValue = z.union([z.literal(-1), z.literal(0), z.literal(1)]);
/** How well a concert suits a fan (common/genres SCORES). */
export const scoreLevel = z.enum(['extreme', 'high', 'medium', 'low']);

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

/** As user_concert_recommendations.engine names them. */
export const recommendationEngineSchema = z.enum(['builtin', 'openai']);

/** A concert of the agenda without its counts (they come apart: likeCountsResponse). */
export const agendaConcertSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  hour: z.string(),
  venue: z.string(),
  venueId: z.number().int(),
  genre: z.string(),
  /** Null when unknown (never shown as free). */
  price: z.string().nullable(),
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
