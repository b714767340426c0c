// The admin API's types: its requests' (schemas.ts) and its answers' (responses.ts), derived with
// type-only imports so zod never reaches the admin screens' bundle.
import type { z } from 'zod';
import type { messageResponseSchema } from '../api/responses.js';
import type { bandNameSchema } from '../concerts/responses.js';
import type {
  adminAuditEntrySchema,
  adminBandSchema,
  adminBandSearchSchema,
  adminConcertOptionSchema,
  adminConcertSchema,
  adminConcertSearchSchema,
  adminCreatedSchema,
  adminDislikedConcertSchema,
  adminFeedbackCountSchema,
  adminFeedbackSchema,
  adminManagedVenueSchema,
  adminManagedVenuesResponseSchema,
  adminOverviewSchema,
  adminRunSchema,
  adminRunsResponseSchema,
  adminVenueSchema,
  adminVenuesResponseSchema,
} from './responses.js';
import type {
  bandCreateSchema,
  bandSearchSchema,
  bandUpdateSchema,
  concertBandSchema,
  concertCreateSchema,
  concertDuplicateSchema,
  concertListSchema,
  concertSearchSchema,
  concertUpdateSchema,
  linkCreateSchema,
  venueCreateSchema,
  venueUpdateSchema,
} from './schemas.js';

export type ConcertCreateInput = z.infer<typeof concertCreateSchema>;
export type BandCreateInput = z.infer<typeof bandCreateSchema>;
export type LinkCreateInput = z.infer<typeof linkCreateSchema>;
export type ConcertSearchInput = z.infer<typeof concertSearchSchema>;
export type BandSearchInput = z.infer<typeof bandSearchSchema>;
export type VenueInput = z.infer<typeof venueCreateSchema>;
export type VenueUpdateInput = z.infer<typeof venueUpdateSchema>;
export type ConcertUpdateInput = z.infer<typeof concertUpdateSchema>;
export type BandUpdateInput = z.infer<typeof bandUpdateSchema>;
export type ConcertBandInput = z.infer<typeof concertBandSchema>;
export type ConcertDuplicateInput = z.infer<typeof concertDuplicateSchema>;
export type ConcertListInput = z.infer<typeof concertListSchema>;

/** 201 of POST /api/admin/concerts and /bands. */
export type AdminCreatedResponse = z.infer<typeof adminCreatedSchema>;

/** 201 of POST /api/admin/links, and the answer of the admin action endpoints. */
export type AdminMessageResponse = z.infer<typeof messageResponseSchema>;

/** One hit of GET /api/admin/concerts/search. */
export type AdminConcertOptionDto = z.infer<typeof adminConcertOptionSchema>;
export type AdminConcertSearchResponse = z.infer<typeof adminConcertSearchSchema>;

export type AdminBandOptionDto = z.infer<typeof bandNameSchema>;
export type AdminBandSearchResponse = z.infer<typeof adminBandSearchSchema>;

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

/**
 * GET /api/admin/venues: the known venues, then names only found on concerts (known false; id is
 * the venue_id those concerts use).
 */
export type AdminVenueDto = z.infer<typeof adminVenueSchema>;
export type AdminVenuesResponse = z.infer<typeof adminVenuesResponseSchema>;

/** One page of an admin list. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A concert as the admin list and form see it (GET /api/admin/concerts, /concerts/:id). */
export type AdminConcertDto = z.infer<typeof adminConcertSchema>;

/** GET /api/admin/bands. */
export type AdminBandDto = z.infer<typeof adminBandSchema>;

/** A venue of the managed list (GET /api/admin/venues/managed). */
export type AdminManagedVenueDto = z.infer<typeof adminManagedVenueSchema>;
export type AdminManagedVenuesResponse = z.infer<typeof adminManagedVenuesResponseSchema>;

/** One entry of the audit log (GET /api/admin/audit), most recent first. */
export type AdminAuditDto = z.infer<typeof adminAuditEntrySchema>;
