// The server half of the password rules: lengths are checked by the shared zod schema (client too);
// the list of common passwords stays here, so the browser never downloads it.
import list from './common-passwords.json' with { type: 'json' };
import { PASSWORD_TOO_COMMON } from '../../common/auth/limits.js';
import { AppError } from './errors.js';

// Built once at start-up; the list is stored lower-cased, so one lower-casing per check.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(list.passwords);

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Throws the 400 for a password being set that is on the list; called before any write. */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) throw new AppError('weak_password', 400, PASSWORD_TOO_COMMON);
}
