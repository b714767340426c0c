// Password rules without zod, so light client screens can use them without the library.
import type { MessageId } from '../i18n/catalogues.js';
import { utf8ByteLength } from '../text/limits.js';

/** Passwords (OWASP ASVS 5.0 L2): at least 8 characters, at most 72 UTF-8 bytes. */
export const PASSWORD_MIN = 8;
/** bcrypt reads only the first 72 bytes: anything longer would verify with a different tail. */
export const PASSWORD_MAX_BYTES = 72;
/**
 * Sign-in checks only a bound (the cost of reading it), never the rules above: accounts made under
 * older rules still sign in, and a refusal must not tell what the password looks like.
 */
export const LOGIN_PASSWORD_MAX = 256;

// Messages are catalogue ids (common/i18n/), worded in the reader's language where they are shown.
export const PASSWORD_TOO_SHORT: MessageId = 'error.password.tooShort';
export const PASSWORD_TOO_LONG: MessageId = 'error.password.tooLong';
export const PASSWORD_TOO_COMMON: MessageId = 'error.password.tooCommon';

/** Characters as people count them (code points), not UTF-16 units. */
function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * What is wrong with the length of a new password (a catalogue id), or undefined. The client checks
 * this too; only the server knows the list of common passwords.
 */
export function passwordLengthProblem(value: string): MessageId | undefined {
  // More UTF-16 units than 72 is more than 72 bytes: decided before counting anything.
  if (value.length > PASSWORD_MAX_BYTES || utf8ByteLength(value) > PASSWORD_MAX_BYTES) {
    return PASSWORD_TOO_LONG;
  }
  if (characterCount(value) < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  return undefined;
}
