// Frozen in time: never edit after release; add a new migration instead.
// Outside calendars and pages as sources of concerts (server/sources/). `sources` are the
// addresses an admin adds; `source_runs` one row per import (a partial unique index keeps one
// running per source, whichever instance or admin starts it); `source_host_fetches` lets one
// instance at a time fetch from a host; `imported_events` each event a source announced, keyed by
// the source's own identity, with the concert it became and the values we last wrote to it (an
// admin's later edit of a field is what differs from them). A venue's `aliases` are other names
// sources call it by. The concerts and venues tables already notify any change of a column, and no
// cache reads the new tables. A concert's price may be unknown (NULL): an imported event that does
// not say its price is never shown as free; 0 still means free. A band's submission may carry its
// ticket link too.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE venues ADD COLUMN aliases text[] NOT NULL DEFAULT '{}';
    ALTER TABLE concerts ADD COLUMN ticket_url text, ADD COLUMN source_url text;
    ALTER TABLE concerts ALTER COLUMN price DROP NOT NULL;
    ALTER TABLE band_submissions ADD COLUMN ticket_url text CHECK (length(ticket_url) <= 2000);

    CREATE TABLE sources (
      id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      url text NOT NULL UNIQUE CHECK (length(url) <= 2000),
      -- The address's host, lower case: one fetch at a time per host.
      host text NOT NULL,
      name text NOT NULL CHECK (length(name) <= 120),
      review boolean NOT NULL DEFAULT true,
      genre text,
      venue_id integer REFERENCES venues (id) ON DELETE SET NULL,
      paused_at timestamptz,
      -- A catalogue id: the error that paused it, or the admin's pause.
      paused_reason text,
      consecutive_failures integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
      etag text,
      last_modified text,
      next_run_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sources_due_idx ON sources (next_run_at) WHERE paused_at IS NULL;

    CREATE TABLE source_runs (
      id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      source_id integer NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
      trigger text NOT NULL CHECK (trigger IN ('schedule', 'admin')),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      -- The source answered 304: nothing read, everything unchanged.
      not_modified boolean NOT NULL DEFAULT false,
      found integer NOT NULL DEFAULT 0,
      created integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      unchanged integer NOT NULL DEFAULT 0,
      waiting integer NOT NULL DEFAULT 0,
      skipped integer NOT NULL DEFAULT 0,
      -- reason -> { count, examples: [name, ...] }
      skipped_reasons jsonb NOT NULL DEFAULT '{}',
      -- A catalogue id, worded when read, and what it is about (an HTTP status, an address).
      error text,
      error_detail text
    );
    CREATE UNIQUE INDEX source_runs_running_key ON source_runs (source_id) WHERE finished_at IS NULL;
    CREATE INDEX source_runs_latest_idx ON source_runs (source_id, started_at DESC, id DESC);

    CREATE TABLE source_host_fetches (
      host text PRIMARY KEY,
      until timestamptz NOT NULL
    );

    CREATE TABLE imported_events (
      id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      source_id integer NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
      event_key text NOT NULL,
      concert_id integer REFERENCES concerts (id) ON DELETE SET NULL,
      state text NOT NULL CHECK (state IN ('published', 'waiting', 'rejected')),
      waiting_reason text
        CHECK (waiting_reason IN ('review', 'no-hour', 'unknown-venue', 'no-genre')),
      -- The venue and genre the event was matched to, when known (what a waiting one lacks).
      venue_id integer REFERENCES venues (id) ON DELETE SET NULL,
      genre text,
      event jsonb NOT NULL,
      imported_values jsonb NOT NULL DEFAULT '{}',
      url text,
      day date NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      missing_since timestamptz,
      UNIQUE (source_id, event_key),
      CHECK ((state = 'waiting') = (waiting_reason IS NOT NULL))
    );
    CREATE INDEX imported_events_url_idx ON imported_events (url) WHERE url IS NOT NULL;
    CREATE INDEX imported_events_concert_idx ON imported_events (concert_id);
    CREATE INDEX imported_events_waiting_idx ON imported_events (first_seen_at, id)
      WHERE state = 'waiting';
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE imported_events, source_host_fetches, source_runs, sources;
    UPDATE concerts SET price = 0 WHERE price IS NULL;
    ALTER TABLE concerts ALTER COLUMN price SET NOT NULL;
    ALTER TABLE concerts DROP COLUMN ticket_url, DROP COLUMN source_url;
    ALTER TABLE band_submissions DROP COLUMN ticket_url;
    ALTER TABLE venues DROP COLUMN aliases;
  `.execute(db);
}
