// SQL for email verification links: tokens stored as SHA-256 hashes, single-use, expiring.
import type { Database } from '../db/database.js';

/** Stores a new token for the address, voiding the user's older ones in the same transaction. */
export async function replaceVerificationToken(
  db: Database,
  token: { userId: string; email: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_verification_tokens')
      .set({ used_at: token.now })
      .where('user_id', '=', token.userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_verification_tokens')
      .values({
        user_id: token.userId,
        email: token.email,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
      })
      .execute();
  });
}

/**
 * Marks a valid token used and returns whom it was for, or undefined for a used, expired or
 * unknown one. Checking and using it in one statement makes it single-use under races.
 */
export function claimVerificationToken(db: Database, tokenHash: string, now: Date) {
  return db
    .updateTable('email_verification_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}
