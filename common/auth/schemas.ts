// The account's requests (register, sign-in, recovery, reset) as zod schemas: the server validates
// with them and the OpenAPI document is generated from them. The client keeps to the zod-free
// limits.ts, so zod stays out of the pages' first chunks.
import { z } from 'zod';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  FORBIDDEN_CHARACTERS,
  isWellFormedText,
} from '../text/limits.js';
import { msg, textSchema } from '../text/schemas.js';
import { LOGIN_PASSWORD_MAX, PASSWORD_TOO_LONG, passwordLengthProblem } from './limits.js';

/** Length first: the pattern only ever reads at most EMAIL_MAX characters. */
export const emailSchema = textSchema({
  max: EMAIL_MAX,
  tooLong: 'error.email.tooLong',
  notText: 'error.email.missing',
}).regex(EMAIL_PATTERN, msg('error.email.invalid'));

/**
 * A password being set (register, reset, change): 8 characters to 72 UTF-8 bytes, no control
 * characters. The server also refuses common ones (server/lib/password-policy.ts).
 */
export const newPasswordSchema = textSchema({
  // 72 bytes are at most 72 UTF-16 units: a longer value is refused before anything is counted.
  max: 72,
  tooLong: PASSWORD_TOO_LONG,
  notText: 'error.password.missing',
  keepSpaces: true,
}).check((ctx) => {
  const problem = isWellFormedText(ctx.value)
    ? passwordLengthProblem(ctx.value)
    : FORBIDDEN_CHARACTERS;
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

/** Sign-in reads any password up to a bound: the rules above are not told to a guesser. */
export const loginPasswordSchema = textSchema({
  max: LOGIN_PASSWORD_MAX,
  tooLong: 'error.password.signInTooLong',
  notText: 'error.password.missing',
  keepSpaces: true,
}).min(1, msg('error.password.missing'));

export const registerSchema = z.strictObject({ email: emailSchema, password: newPasswordSchema });
export const loginSchema = z.strictObject({ email: emailSchema, password: loginPasswordSchema });
export const recoverSchema = z.strictObject({ email: emailSchema });
export const resetPasswordSchema = z.strictObject({
  token: textSchema({ max: 200, tooLong: 'error.auth.resetLinkInvalid' }).min(1),
  password: newPasswordSchema,
});
