// Frozen in time: never edit after release; add a new migration instead.
// A submission's contact address is confirmed before anyone reviews it or mails it: a new
// submission waits as 'unconfirmed' (48 hours) until the link mailed to it is opened. 'spam' is a
// rejection that mails nobody. Submissions already queued keep 'pending' with no confirmed_at, so
// their review mails nobody either. used_submission_forms makes each form token single-use across
// instances.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE band_submissions
      DROP CONSTRAINT band_submissions_status_check,
      DROP CONSTRAINT band_submissions_check,
      ADD CONSTRAINT band_submissions_status_check
        CHECK (status IN ('unconfirmed', 'pending', 'approved', 'rejected', 'spam')),
      ADD CONSTRAINT band_submissions_reviewed_check
        CHECK ((status IN ('unconfirmed', 'pending')) = (reviewed_at IS NULL)),
      ADD COLUMN confirm_token_hash text UNIQUE,
      ADD COLUMN confirmed_at timestamptz;
    CREATE INDEX band_submissions_unconfirmed_idx ON band_submissions (created_at)
      WHERE status = 'unconfirmed';
    CREATE TABLE used_submission_forms (
      nonce text PRIMARY KEY,
      used_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE used_submission_forms;
    DELETE FROM band_submissions WHERE status IN ('unconfirmed', 'spam');
    DROP INDEX band_submissions_unconfirmed_idx;
    ALTER TABLE band_submissions
      DROP CONSTRAINT band_submissions_reviewed_check,
      DROP CONSTRAINT band_submissions_status_check,
      DROP COLUMN confirm_token_hash,
      DROP COLUMN confirmed_at,
      ADD CONSTRAINT band_submissions_status_check
        CHECK (status IN ('pending', 'approved', 'rejected')),
      ADD CONSTRAINT band_submissions_check CHECK ((status = 'pending') = (reviewed_at IS NULL));
  `.execute(db);
}
