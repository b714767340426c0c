// Frozen in time: never edit after release; add a new migration instead.
// An address is unverified until its owner opens the link mailed to it (or proves it another
// way: a Google identity with a verified email, a password reset through the mailed link).
// Verification tokens, like reset tokens, are stored as SHA-256 hashes, single-use and expiring.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

    -- Existing accounts: verified only where the mailbox owner already showed up. A Google
    -- identity with the account's own email was linked (or created the account) through Google's
    -- sign-in; a password whose change time equals the use time of one of the account's reset
    -- tokens was set through a mailed reset link (resetPassword writes both with the same instant;
    -- a token voided by a newer request carries the request's instant instead). Everything else,
    -- password sign-ups and Spotify accounts included, stays unverified until it verifies.
    UPDATE users u SET email_verified_at = now()
    WHERE EXISTS (
        SELECT 1 FROM user_identities i
        WHERE i.user_id = u.user_id AND i.provider = 'google' AND lower(i.email) = lower(u.email)
      )
      OR EXISTS (
        SELECT 1 FROM password_reset_tokens t
        WHERE t.user_id = u.user_id AND t.used_at = u.password_changed_at
      );

    CREATE TABLE email_verification_tokens (
      id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      -- The address the link was mailed to: a token verifies that address and no other.
      email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id);

    -- The weekly mail goes to subscribed, verified addresses only (double opt-in).
    DROP INDEX users_subscribed_idx;
    CREATE INDEX users_weekly_recipients_idx ON users (user_id)
      WHERE is_subscribed AND email_verified_at IS NOT NULL;

    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly', 'email_verification'));
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM mail_deliveries WHERE kind = 'email_verification';
    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly'));
    DROP INDEX users_weekly_recipients_idx;
    CREATE INDEX users_subscribed_idx ON users (user_id) WHERE is_subscribed;
    DROP TABLE email_verification_tokens;
    ALTER TABLE users DROP COLUMN email_verified_at;
  `.execute(db);
}
