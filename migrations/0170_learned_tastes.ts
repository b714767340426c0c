// Frozen in time: never edit after release; add a new migration instead.
// Recommendations that learn from the fan (docs/decisions/0027):
// - user_concert_recommendations.liked_at: when the like was given (a signal has a date, and old
//   signals fade); likes given before get their row's updated_at, the latest moment they can have
//   been given. `learned`: whether learning moved the stored score up or down (the admin's counts).
// - A partial index on the fan's signals (likes and 👍/👎), read per fan when tastes are learned.
// - learned_tastes: each fan's lessons (a genre down, a band up) as the scoring passes read them,
//   written by the fan's learning job; `fades_at` is when the lesson falls below its threshold.
// - learned_forgets: what the fan asked us to forget ('all' when the onboarding was redone): the
//   signals given before `forgotten_at` no longer count; the signals themselves stay.
// No instance cache reads the two tables, so they need no change notice: the scores they produce
// are written to user_concert_recommendations, whose triggers tell the agendas.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE user_concert_recommendations
      ADD COLUMN liked_at timestamptz,
      ADD COLUMN learned text
        CONSTRAINT user_concert_recommendations_learned_check CHECK (learned IN ('up', 'down'));
    UPDATE user_concert_recommendations SET liked_at = updated_at WHERE liked;
    CREATE INDEX user_concert_recommendations_signals_idx
      ON user_concert_recommendations (user_id) WHERE liked OR recommendation_feedback <> 0;
    CREATE INDEX user_concert_recommendations_learned_idx
      ON user_concert_recommendations (learned) WHERE learned IS NOT NULL;

    CREATE TABLE learned_tastes (
      user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      kind text NOT NULL CONSTRAINT learned_tastes_kind_check CHECK (kind IN ('genre', 'band')),
      key text NOT NULL,
      label text NOT NULL,
      direction text NOT NULL
        CONSTRAINT learned_tastes_direction_check CHECK (direction IN ('up', 'down')),
      signals integer NOT NULL,
      weight real NOT NULL,
      fades_at timestamptz NOT NULL,
      learned_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, kind, key)
    );
    CREATE INDEX learned_tastes_fades_at_idx ON learned_tastes (fades_at);

    CREATE TABLE learned_forgets (
      user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      kind text NOT NULL
        CONSTRAINT learned_forgets_kind_check CHECK (kind IN ('genre', 'band', 'all')),
      key text NOT NULL,
      forgotten_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, kind, key)
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE learned_forgets;
    DROP TABLE learned_tastes;
    DROP INDEX user_concert_recommendations_learned_idx;
    DROP INDEX user_concert_recommendations_signals_idx;
    ALTER TABLE user_concert_recommendations DROP COLUMN learned, DROP COLUMN liked_at;
  `.execute(db);
}
