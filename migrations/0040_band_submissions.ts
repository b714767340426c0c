// Frozen in time: never edit after release; add a new migration instead.
// Concerts proposed by bands through the public form: they wait here, pending, until an
// admin approves (the concert is created and linked: concert_id) or rejects them (with a reason).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE band_submissions (
      id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      band_name text NOT NULL CHECK (btrim(band_name) <> ''),
      contact_email text NOT NULL,
      spotify_url text,
      genre text NOT NULL,
      day date NOT NULL,
      hour time NOT NULL,
      -- A venue of the list, or a new one (venue_id NULL) made from venue_name and venue_town
      -- when the submission is approved.
      venue_id integer REFERENCES venues (id) ON DELETE SET NULL,
      venue_name text NOT NULL CHECK (btrim(venue_name) <> ''),
      venue_town text,
      price numeric(8, 2) NOT NULL CHECK (price >= 0),
      description text,
      image_url text,
      reason text,
      reviewed_by uuid REFERENCES users (user_id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      concert_id integer REFERENCES concerts (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'pending') = (reviewed_at IS NULL))
    );
    -- The moderation queue reads the pending ones, oldest first.
    CREATE INDEX band_submissions_pending_idx ON band_submissions (created_at, id)
      WHERE status = 'pending';
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE band_submissions`.execute(db);
}
