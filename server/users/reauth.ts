// Re-authentication before the account's most sensitive changes (deleting it, changing its
// password; OWASP ASVS 5.0, V6/V7): the current password for accounts that have one, else a
// sign-in through Google or Spotify made in the last few minutes. Wrong current passwords are
// counted per user across both routes, so neither can be used to guess the password.
import { verifyPassword } from '../accounts/password.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { hit, usedUp } from '../security/rate-limit.js';
import { findPasswordHash } from '../accounts/users.repository.js';

/** How recent a Google/Spotify sign-in must be to stand for the password. */
const REAUTH_WINDOW_MS = 10 * 60 * 1000;
/** Wrong current passwords allowed per user in a window. */
const CURRENT_PASSWORD_FAILURES = { limit: 5, windowSeconds: 15 * 60 };

export type ReauthOutcome =
  | { outcome: 'confirmed' }
  | { outcome: 'password_required' }
  | { outcome: 'password_wrong' }
  | { outcome: 'reauth_required' }
  | { outcome: 'too_many'; retryAfter: number };

/** What the request brings: the password typed, and when its session signed in. */
export interface ReauthProof {
  currentPassword?: string | undefined;
  authenticatedAt: number | undefined;
}

export async function confirmIdentity(
  deps: { db: Database; clock: Clock },
  userId: string,
  proof: ReauthProof,
): Promise<ReauthOutcome> {
  const row = await findPasswordHash(deps.db, userId);
  if (!row?.password_hash) {
    const since = deps.clock().getTime() - (proof.authenticatedAt ?? -Infinity);
    return since <= REAUTH_WINDOW_MS ? { outcome: 'confirmed' } : { outcome: 'reauth_required' };
  }
  if (!proof.currentPassword) return { outcome: 'password_required' };
  const key = `current-password-failures:${userId}`;
  const { limit, windowSeconds } = CURRENT_PASSWORD_FAILURES;
  const wait = await usedUp(deps.db, key, limit);
  if (wait > 0) return { outcome: 'too_many', retryAfter: wait };
  if (await verifyPassword(proof.currentPassword, row.password_hash)) {
    return { outcome: 'confirmed' };
  }
  await hit(deps.db, key, limit, windowSeconds);
  return { outcome: 'password_wrong' };
}
