// Email verification: an address is unverified until the link mailed to it is opened (48 hours,
// single use, a newer link voids the older ones). The token travels in the URL fragment
// (/verificar-email#token=…), which browsers never send to a server, so it reaches no access log
// and no Referer; the page posts it to POST /api/auth/verify-email. Opening it takes an account
// not confirmed yet back to the mailbox's owner (verifyEmail).
import { savedLocale } from '../../common/i18n/locales.js';
import { notFound } from '../lib/errors.js';
import { sendRecordedMail } from '../mail/deliveries.js';
import { emailVerificationMail } from '../mail/templates.js';
import { promoteIfConfiguredAdmin } from '../accounts/admin-bootstrap.js';
import { findSessionUser, lockAccount, markEmailVerified } from '../accounts/users.repository.js';
import type { AuthDeps } from '../accounts/account-deps.js';
import { claimLinkToken, replaceLinkToken } from './link-tokens.repository.js';
import { hashLinkToken, newLinkToken } from '../accounts/tokens.js';
import { newPasswordPath } from './password-reset.js';
import { reclaimUnverifiedAccount } from './reclaim-account.js';

const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** A new verification link for the user's current address; older links stop working. */
export async function newVerificationLink(
  deps: AuthDeps,
  user: { user_id: string; email: string },
): Promise<string> {
  const token = newLinkToken();
  const now = deps.clock();
  await replaceLinkToken(deps.db, 'email_verification_tokens', {
    userId: user.user_id,
    email: user.email,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
    now,
  });
  return `${deps.config.publicUrl}/verificar-email#token=${encodeURIComponent(token)}`;
}

export interface Verified {
  userId: string;
  /** Set when the account was taken back: where its owner chooses a password (one hour). */
  choosePasswordPath: string | null;
}

/**
 * Verifies the address a token was mailed to. Returns undefined for a used, expired or unknown
 * token, or one mailed to an address the account no longer has.
 *
 * Whoever registered the address first may not own the mailbox (a squatter waiting for the band
 * whose address it is): opening the link proves the mailbox, so an account not confirmed until
 * now is handed to its owner as a password reset does (reclaim-account.ts: the password set
 * before confirmation, every session and unproven identity go). The owner chooses a password at
 * once through a fresh reset link, answered to whoever opened the verification link. Opened in a
 * browser signed in to that very account (`signedInAs`), the one who registered holds the mailbox
 * too: nothing is taken back.
 */
export async function verifyEmail(
  deps: AuthDeps,
  token: string,
  signedInAs?: string,
): Promise<Verified | undefined> {
  const now = deps.clock();
  const verified = await deps.db.transaction().execute(async (trx) => {
    const claimed = await claimLinkToken(
      trx,
      'email_verification_tokens',
      hashLinkToken(token),
      now,
    );
    if (!claimed) return undefined;
    const account = await lockAccount(trx, claimed.user_id);
    if (!account || account.email.toLowerCase() !== claimed.email.toLowerCase()) return undefined;
    if (account.email_verified_at || account.user_id === signedInAs) {
      if (!account.email_verified_at) await markEmailVerified(trx, account.user_id, now);
      return { userId: account.user_id, email: account.email, choosePasswordPath: null };
    }
    await reclaimUnverifiedAccount(trx, account.user_id, now);
    const choosePasswordPath = await newPasswordPath(trx, account.user_id, now);
    return { userId: account.user_id, email: account.email, choosePasswordPath };
  });
  if (!verified) return undefined;
  await promoteIfConfiguredAdmin(deps, verified.email);
  return { userId: verified.userId, choosePasswordPath: verified.choosePasswordPath };
}

export type ResendOutcome = 'sent' | 'already_verified' | 'failed';

/** Mails a new verification link (asked for from the profile). */
export async function resendVerificationMail(
  deps: AuthDeps,
  userId: string,
): Promise<ResendOutcome> {
  const user = await findSessionUser(deps.db, userId);
  if (!user) throw notFound('error.account.notFound');
  if (user.email_verified) return 'already_verified';
  const url = await newVerificationLink(deps, user);
  const sent = await sendRecordedMail(deps, {
    userId,
    kind: 'email_verification',
    mail: emailVerificationMail(user.email, url, savedLocale(user.locale)),
  });
  return sent ? 'sent' : 'failed';
}
