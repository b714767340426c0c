// The types of responses.ts. Only type imports here: the client imports this file, and zod must
// stay out of its bundle.
import type { z } from 'zod';
import type {
  resetPasswordResponseSchema,
  sessionResponseSchema,
  sessionUserSchema,
  signInResponseSchema,
  verifyEmailResponseSchema,
} from './responses.js';

/** The signed-in user: GET /api/session answers { user: SessionUserDto | null }. */
export type SessionUserDto = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/login and /api/auth/register: the user now signed in. */
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/reset-password: the user, signed in with the new password. */
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/** POST /api/auth/verify-email: what the page says, and where to choose a password if needed. */
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
