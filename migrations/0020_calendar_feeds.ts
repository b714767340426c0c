// Frozen in time: never edit after release; add a new migration instead.
// Calendar feeds: a private feed per fan, reached with a token of which only the
// selector and the SHA-256 of the secret part are stored, and the version (ETag and time of the
// last change) of every feed, so calendar apps polling through any instance get one Last-Modified.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feeds (
      user_id uuid PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
      -- The token is '<selector>.<secret>': the row is found by the selector, then the secret's
      -- hash is compared in constant time. Both NULL while the fan has no live link (revoked).
      selector text UNIQUE,
      secret_hash text,
      token_created_at timestamptz,
      -- The fan's choice: every extreme match joins the liked concerts in the feed.
      include_extreme boolean NOT NULL DEFAULT false,
      -- The feed's version as last served (see feed_versions); reset with every new token.
      content_etag text,
      content_changed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((selector IS NULL) = (secret_hash IS NULL))
    );

    -- The public feeds' versions (a private feed keeps its own in calendar_feeds, so it goes with
    -- the account).
    CREATE TABLE feed_versions (
      -- 'conciertos.ics', 'generos/rock.rss', ...
      feed_key text PRIMARY KEY,
      etag text NOT NULL,
      changed_at timestamptz NOT NULL
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE feed_versions;
    DROP TABLE calendar_feeds;
  `.execute(db);
}
