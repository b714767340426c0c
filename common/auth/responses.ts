// The account's answers (the signed-in user), as zod schemas: the OpenAPI document is generated
// from them; types.ts derives their types.
import { z } from 'zod';

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

export const verifyEmailResponseSchema = z
  .object({
    message: z.string(),
    /**
     * When the link took an account that was not confirmed yet back to its mailbox (its password
     * and sessions gone): where its owner chooses a password now, an /update-password link whose
     * token is good for an hour. Null when nothing was taken back.
     */
    choosePasswordPath: z.string().nullable(),
  })
  .meta({ id: 'VerifyEmailResponse' });
