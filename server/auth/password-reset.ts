// Password recovery tokens: 256 random bits, only their SHA-256 stored, single use, 1 hour,
// and a newer request voids the older ones.
import { createHash, randomBytes } from 'node:crypto';
import { sendRecordedMail } from '../mail/deliveries.js';
import { passwordResetMail } from '../mail/templates.js';
import {
  deleteSessions,
  findCredentialsByEmail,
  setPasswordHash,
} from '../users/users.repository.js';
import type { AuthDeps } from './auth.service.js';
import { hashPassword } from './password.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mails a reset link when the email has an account; says nothing either way. The route runs it
 * after answering, so whether the address exists cannot be told from the time of the answer.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findCredentialsByEmail(deps.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', user.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.user_id,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      })
      .execute();
  });
  // In the fragment: browsers never send it to a server, so it stays out of access logs, proxies
  // and Referer headers; the page reads it and wipes it from the address bar.
  const url = `${deps.config.publicUrl}/update-password#token=${encodeURIComponent(token)}`;
  await sendRecordedMail(deps, {
    userId: user.user_id,
    kind: 'password_reset',
    mail: passwordResetMail(user.email, url),
  });
}

/**
 * Sets a new password with a valid token and ends every session of the user.
 * Returns the user id, or undefined for a used, expired or unknown token.
 */
export async function resetPassword(
  deps: AuthDeps,
  token: string,
  newPassword: string,
): Promise<string | undefined> {
  const now = deps.clock();
  const passwordHash = await hashPassword(newPassword, deps.config.bcryptCost);
  return deps.db.transaction().execute(async (trx) => {
    // Marking it used in the same statement that checks it makes the token single-use under races.
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    await setPasswordHash(trx, claimed.user_id, passwordHash, now);
    await deleteSessions(trx, claimed.user_id);
    return claimed.user_id;
  });
}
