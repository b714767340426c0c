// Password recovery tokens: 256 random bits, only their SHA-256 stored, single use, 1 hour,
// and a newer request voids the older ones. Using one proves the mailbox: the address becomes
// verified, and an account that was not verified yet is handed to the mailbox owner (every other
// way in goes: old password, sessions, Google/Spotify identities that never proved the address).
import { savedLocale } from '../../common/i18n/locales.js';
import { clearFeedToken } from '../calendar/calendar.repository.js';
import { sendRecordedMail } from '../mail/deliveries.js';
import { passwordResetMail } from '../mail/templates.js';
import { promoteIfConfiguredAdmin } from '../accounts/admin-bootstrap.js';
import {
  deleteSessions,
  findCredentialsByEmail,
  lockAccount,
  markEmailVerified,
  setPasswordHash,
} from '../accounts/users.repository.js';
import { reclaimUnverifiedAccount } from './reclaim-account.js';
import type { AuthDeps } from '../accounts/account-deps.js';
import type { Database } from '../db/database.js';
import { hashPassword } from '../accounts/password.js';
import { claimLinkToken, replaceLinkToken } from './link-tokens.repository.js';
import { assertPasswordAllowed } from '../lib/password-policy.js';
import { hashLinkToken as hashToken, newLinkToken } from '../accounts/tokens.js';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Mails a reset link when the email has an account; says nothing either way. The route runs it
 * after answering, so whether the address exists cannot be told from the time of the answer.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findCredentialsByEmail(deps.db, email);
  if (!user) return;
  const url = `${deps.config.publicUrl}${await newPasswordPath(deps.db, user.user_id, deps.clock())}`;
  await sendRecordedMail(deps, {
    userId: user.user_id,
    kind: 'password_reset',
    mail: passwordResetMail(user.email, url, savedLocale(user.locale)),
  });
}

/**
 * A new reset link's path (older ones stop working). The token rides in the fragment: browsers
 * never send it to a server, so it stays out of access logs, proxies and Referer headers; the
 * page reads it and wipes it from the address bar.
 */
export async function newPasswordPath(db: Database, userId: string, now: Date): Promise<string> {
  const token = newLinkToken();
  await replaceLinkToken(db, 'password_reset_tokens', {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    now,
  });
  return `/update-password#token=${encodeURIComponent(token)}`;
}

/**
 * Sets a new password with a valid token, ends every session of the user, revokes their private
 * calendar link and marks the address verified. Returns the user id, or undefined for a used,
 * expired or unknown token.
 */
export async function resetPassword(
  deps: AuthDeps,
  token: string,
  newPassword: string,
): Promise<string | undefined> {
  assertPasswordAllowed(newPassword);
  const now = deps.clock();
  const passwordHash = await hashPassword(newPassword, deps.config.bcryptCost);
  const reset = await deps.db.transaction().execute(async (trx) => {
    const claimed = await claimLinkToken(trx, 'password_reset_tokens', hashToken(token), now);
    if (!claimed) return undefined;
    const account = await lockAccount(trx, claimed.user_id);
    if (!account) return undefined;
    if (!account.email_verified_at) await reclaimUnverifiedAccount(trx, claimed.user_id, now);
    await setPasswordHash(trx, claimed.user_id, passwordHash, now);
    await deleteSessions(trx, claimed.user_id);
    await clearFeedToken(trx, claimed.user_id, now);
    await markEmailVerified(trx, claimed.user_id, now);
    return { userId: claimed.user_id, email: account.email };
  });
  if (!reset) return undefined;
  await promoteIfConfiguredAdmin(deps, reset.email);
  return reset.userId;
}
