// The types of responses.ts. Only type imports here: the client imports this file, and zod must
// stay out of its bundle.
import type { z } from 'zod';
import type {
  errorResponseSchema,
  messageResponseSchema,
  publicConfigSchema,
} from './responses.js';

/** Runtime settings the server hands to the SPA (injected into index.html, or GET /api/config). */
export type PublicConfigDto = z.infer<typeof publicConfigSchema>;

/** Every error response: { error: { code, message } } with a user-facing message in the reader's language. */
export type ApiErrorBody = z.infer<typeof errorResponseSchema>;

/**
 * A plain message in the reader's language: POST /api/auth/recover, /api/auth/verify-email,
 * /api/profile/verification-email, /api/unsubscribe and the admin actions.
 */
export type MessageResponse = z.infer<typeof messageResponseSchema>;
