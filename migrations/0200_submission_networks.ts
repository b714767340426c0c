// Frozen in time: never edit after release; add a new migration instead.
// 'Publica tus conciertos' against floods: each submission keeps the network it came from (an IPv4
// address, or an IPv6 /48), so a network's share of the waiting queue can be counted; and each
// hour in which the hourly cap on confirmation mails refused a submission is recorded, for the
// admin's overview. No cache reads either.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE band_submissions ADD COLUMN network text CHECK (length(network) <= 64);
    CREATE INDEX band_submissions_waiting_network
      ON band_submissions (network, status, created_at)
      WHERE status IN ('unconfirmed', 'pending');

    CREATE TABLE submission_mail_cap_hits (
      -- The hour (its start) in which the cap refused submissions, and how many.
      hour timestamptz PRIMARY KEY,
      refused integer NOT NULL CHECK (refused > 0),
      last_refused_at timestamptz NOT NULL
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE submission_mail_cap_hits;
    DROP INDEX band_submissions_waiting_network;
    ALTER TABLE band_submissions DROP COLUMN network;
  `.execute(db);
}
