// Frozen in time: never edit after release; add a new migration instead.
// The agenda on the fediverse (server/federation/). `federation_keys` each actor's key pairs,
// made once; `federation_followers` who follows which of our actors (the agenda, a genre) and
// where to deliver; `federation_concerts` what we last told them of each concert (its facts'
// digest), so a change is an Update and a concert gone a Delete; `federation_activities` what each
// actor sent, for its outbox; `federation_inboxes` deliveries that failed for good, per inbox.
// A source may now be a fediverse account we follow (its `url` is the actor's id). Fedify's own
// key-value store and queue make their tables themselves (@fedify/postgres). No cache reads these.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE federation_keys (
      actor text NOT NULL,
      algorithm text NOT NULL CHECK (algorithm IN ('RSASSA-PKCS1-v1_5', 'Ed25519')),
      private_jwk jsonb NOT NULL,
      public_jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (actor, algorithm)
    );

    CREATE TABLE federation_followers (
      actor text NOT NULL,
      follower text NOT NULL CHECK (length(follower) <= 2000),
      inbox text NOT NULL CHECK (length(inbox) <= 2000),
      shared_inbox text CHECK (length(shared_inbox) <= 2000),
      follow_id text CHECK (length(follow_id) <= 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (actor, follower)
    );
    CREATE INDEX federation_followers_follower_idx ON federation_followers (follower);

    CREATE TABLE federation_concerts (
      concert_id integer PRIMARY KEY,
      digest text NOT NULL,
      genre text NOT NULL,
      day date NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );

    CREATE TABLE federation_activities (
      id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      actor text NOT NULL,
      activity jsonb NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX federation_activities_outbox_idx ON federation_activities (actor, id DESC);

    CREATE TABLE federation_inboxes (
      inbox text PRIMARY KEY,
      -- Deliveries given up on (after Fedify's retries) since the last one that arrived.
      failures integer NOT NULL DEFAULT 0,
      last_failed_at timestamptz,
      last_error text
    );

    ALTER TABLE sources
      ADD COLUMN kind text NOT NULL DEFAULT 'feed' CHECK (kind IN ('feed', 'fediverse')),
      ADD COLUMN follow_state text CHECK (follow_state IN ('pending', 'accepted', 'rejected')),
      ADD COLUMN follow_id text;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM sources WHERE kind = 'fediverse';
    ALTER TABLE sources DROP COLUMN kind, DROP COLUMN follow_state, DROP COLUMN follow_id;
    DROP TABLE federation_inboxes, federation_activities, federation_concerts,
      federation_followers, federation_keys;
  `.execute(db);
}
