// Admin limits and response shapes the admin screens share with the server. Nothing here runs zod:
// the response types that have a schema in responses.ts are derived from it by type-only imports,
// so the browser bundle that imports the limits never pulls the validation library in.
import type { z } from 'zod';
import type {
  adminAuditEntrySchema,
  adminBandSchema,
  adminBandSearchSchema,
  adminConcertOptionSchema,
  adminConcertSchema,
  adminConcertSearchSchema,
  adminCreatedSchema,
  adminManagedVenueSchema,
  adminManagedVenuesResponseSchema,
  adminVenueSchema,
  adminVenuesResponseSchema,
  bandNameSchema,
  messageResponseSchema,
  uploadResponseSchema,
} from '../concerts/schemas.js';

export const ADMIN_NAME_MAX = 200;
export const ADMIN_DESCRIPTION_MAX = 5000;
export const ADMIN_URL_MAX = 2000;
/** numeric(8,2): six digits before the point. */
export const PRICE_MAX = 999999.99;
/** concerts.venue_id is a Postgres integer. */
export const INT_MAX = 2147483647;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT = 20;
/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 25;
export const MAX_CONCERT_BANDS = 20;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_MAX_WIDTH = 1200;

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** HH:mm, seconds tolerated (some time inputs send them). */
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** Euros with at most two decimals, no sign. */
export const PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;
/** Pictures we stored ourselves (POST /api/admin/uploads). */
export const UPLOADED_IMAGE_PATTERN = /^\/uploads\/[\w-]+\.webp$/;

/** A calendar date that exists (rejects 2030-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An image address the forms accept: one of our uploads, or an http(s) URL. */
export const isImageUrl = (value: string) => UPLOADED_IMAGE_PATTERN.test(value) || isHttpUrl(value);

/** 201 of POST /api/admin/concerts and /bands. */
export type AdminCreatedResponse = z.infer<typeof adminCreatedSchema>;

/** 201 of POST /api/admin/links, and the answer of the admin action endpoints. */
export type AdminMessageResponse = z.infer<typeof messageResponseSchema>;

/** One hit of GET /api/admin/concerts/search. */
export type AdminConcertOptionDto = z.infer<typeof adminConcertOptionSchema>;
export type AdminConcertSearchResponse = z.infer<typeof adminConcertSearchSchema>;

export type AdminBandOptionDto = z.infer<typeof bandNameSchema>;
export type AdminBandSearchResponse = z.infer<typeof adminBandSearchSchema>;

/**
 * GET /api/admin/venues: the known venues, then names only found on concerts (known false; id is
 * the venue_id those concerts use).
 */
export type AdminVenueDto = z.infer<typeof adminVenueSchema>;
export type AdminVenuesResponse = z.infer<typeof adminVenuesResponseSchema>;

/** POST /api/admin/uploads. */
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

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
