// Frozen in time: never edit after release; add a new migration instead.
// admin_runs: each generation an admin starts from the panel (recommendations for every fan, short
// or long descriptions), with its progress and outcome. At most one run of a kind is unfinished at
// a time: the partial unique index refuses a second one, whichever tab, admin or instance asks.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE admin_runs (
      id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      kind text NOT NULL
        CHECK (kind IN ('recommendations', 'descriptions-short', 'descriptions-long')),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      -- NULL: started with the API token, or the admin's account is gone.
      started_by uuid REFERENCES users (user_id) ON DELETE SET NULL,
      -- NULL until known (the recommendations' fan-out sets it once every job is queued).
      total integer CHECK (total >= 0),
      done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
      failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
      error text
    );
    CREATE UNIQUE INDEX admin_runs_running_key ON admin_runs (kind) WHERE finished_at IS NULL;
    CREATE INDEX admin_runs_latest_idx ON admin_runs (kind, started_at DESC, id DESC);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE admin_runs`.execute(db);
}
