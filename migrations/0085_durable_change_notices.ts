// Frozen in time: never edit after release; add a new migration instead.
// Change notices survive a crash. Until now a 'pending' concert_change delivery held
// only the address: the mail's text lived in the memory of the process that made the edit, and
// a crash between the commit and the send lost it. `payload` keeps what the mail says (the
// concert and what changed), so any instance can write it again; `next_attempt_at` is when the
// sweep may take it (a grace after the edit, so it does not race the in-process send; later
// after a temporary SMTP failure).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE mail_deliveries ADD COLUMN payload jsonb, ADD COLUMN next_attempt_at timestamptz;
    -- Notices left pending by the code before: their text was never stored, so they cannot be
    -- written now; recorded as failed rather than left pending forever.
    UPDATE mail_deliveries
      SET status = 'failed', last_error = 'Aviso sin texto guardado (anterior a la migración 0085)'
      WHERE kind = 'concert_change' AND status = 'pending';
    CREATE INDEX mail_deliveries_pending_notices_idx ON mail_deliveries (id)
      WHERE kind = 'concert_change' AND status = 'pending';
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX mail_deliveries_pending_notices_idx;
    ALTER TABLE mail_deliveries DROP COLUMN payload, DROP COLUMN next_attempt_at;
  `.execute(db);
}
