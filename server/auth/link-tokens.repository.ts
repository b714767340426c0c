// SQL for the tokens of mailed links (email verification, password reset): stored as SHA-256
// hashes, single-use, expiring. Both tables share these columns; only verification adds `email`.
import type { Database } from '../db/database.js';

export type LinkTokenTable = 'email_verification_tokens' | 'password_reset_tokens';

/** Stores a new token for the user, voiding their older ones of that table in one transaction. */
export async function replaceLinkToken(
  db: Database,
  table: LinkTokenTable,
  token: { userId: string; email?: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const write = async (trx: Database) => {
    await trx
      .updateTable(table)
      .set({ used_at: token.now })
      .where('user_id', '=', token.userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto(table)
      .values({
        user_id: token.userId,
        ...(token.email === undefined ? {} : { email: token.email }),
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
      })
      .execute();
  };
  // Inside a caller's transaction (a verification that hands out a reset link), in it.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/**
 * Marks a valid token used and returns whose it was (with the address a verification link was
 * mailed to), or undefined for a used, expired or unknown one. Checking and using it in one
 * statement makes it single-use under races.
 */
export function claimLinkToken(
  db: Database,
  table: 'email_verification_tokens',
  tokenHash: string,
  now: Date,
): Promise<{ user_id: string; email: string } | undefined>;
export function claimLinkToken(
  db: Database,
  table: 'password_reset_tokens',
  tokenHash: string,
  now: Date,
): Promise<{ user_id: string } | undefined>;
export function claimLinkToken(db: Database, table: LinkTokenTable, tokenHash: string, now: Date) {
  const claim = db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  return table === 'email_verification_tokens'
    ? claim.returning(['user_id', 'email']).executeTakeFirst()
    : claim.returning('user_id').executeTakeFirst();
}
