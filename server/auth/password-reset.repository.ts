// SQL for password recovery tokens: stored as SHA-256 hashes, single-use, expiring.
import type { Database } from '../db/database.js';

/** Stores a new token for the user, voiding their older ones in the same transaction. */
export async function replaceResetToken(
  db: Database,
  token: { userId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: token.now })
      .where('user_id', '=', token.userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({ user_id: token.userId, token_hash: token.tokenHash, expires_at: token.expiresAt })
      .execute();
  });
}

/**
 * Marks a valid token used and returns whose it was, or undefined for a used, expired or unknown
 * one. Checking and using it in one statement makes it single-use under races.
 */
export function claimResetToken(db: Database, tokenHash: string, now: Date) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}
