// Frozen in time: never edit after release; add a new migration instead.
// "Voy": concert_attendance holds who says they go (a fan may go without any recommendation row).
// concerts.going_count follows it through a trigger, so a row removed by a cascade (an account
// deleted) takes its count along; an UPDATE of concerts that moves only like_count or going_count
// tells 'likes:<concert>' (the counts' own notice), never 'concerts:*'. A fan's rows tell
// 'agenda:<fan>', since their own going flag is in their agenda.
// The pre-show reminder: users.show_reminders (off until the fan turns it on), and a
// 'show_reminder' delivery per fan and Madrid day of the concerts (reminder_day, unique), so
// every instance may plan the day's reminders and only one mail per fan and day is ever written.
import { sql, type Kysely } from 'kysely';

const MANY_KEYS = 100;

/** notify_concerts_updated with `ignored` as the count columns (0060 had only like_count). */
const concertsUpdatedFunction = (ignored: string[]) => {
  const minus = sql.raw(ignored.map((column) => ` - '${column}'`).join(''));
  const moved = sql.raw(
    ignored.map((column) => `o.${column} IS DISTINCT FROM n.${column}`).join(' OR '),
  );
  return sql`
    CREATE OR REPLACE FUNCTION notify_concerts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids text[];
    BEGIN
      -- A changed id, or any column but the counts: the concert data itself changed.
      IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id)
           <> (SELECT count(*) FROM new_rows)
         OR EXISTS (
           SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE to_jsonb(o)${minus} IS DISTINCT FROM to_jsonb(n)${minus}
         ) THEN
        PERFORM pg_notify('cm_changes', 'concerts:*');
        RETURN NULL;
      END IF;
      SELECT array_agg(DISTINCT n.id::text) INTO ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE ${moved};
      IF ids IS NULL THEN
        RETURN NULL;
      ELSIF cardinality(ids) > ${sql.lit(MANY_KEYS)} THEN
        PERFORM pg_notify('cm_changes', 'likes:*');
      ELSE
        PERFORM pg_notify('cm_changes', 'likes:' || id) FROM unnest(ids) AS id;
      END IF;
      RETURN NULL;
    END $$`;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE concerts
      ADD COLUMN going_count integer NOT NULL DEFAULT 0 CHECK (going_count >= 0);
    CREATE TABLE concert_attendance (
      user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      concert_id integer NOT NULL REFERENCES concerts (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, concert_id)
    );
    CREATE INDEX concert_attendance_concert_idx ON concert_attendance (concert_id);
  `.execute(db);
  await concertsUpdatedFunction(['like_count', 'going_count']).execute(db);
  await sql`
    -- Statement-level: an account deleted with 50 "voy" moves each count once. The concerts are
    -- locked in id order first, so two such statements never wait on each other in a cycle.
    CREATE FUNCTION count_concert_attendance() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      step integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
    BEGIN
      PERFORM 1 FROM concerts
        WHERE id IN (SELECT concert_id FROM changed_rows) ORDER BY id FOR NO KEY UPDATE;
      UPDATE concerts c SET going_count = greatest(0, c.going_count + step * d.n)
      FROM (SELECT concert_id, count(*)::integer AS n FROM changed_rows GROUP BY concert_id) d
      WHERE c.id = d.concert_id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER concert_attendance_count_insert
      AFTER INSERT ON concert_attendance REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_concert_attendance();
    CREATE TRIGGER concert_attendance_count_delete
      AFTER DELETE ON concert_attendance REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_concert_attendance();
    CREATE TRIGGER concert_attendance_notify_insert
      AFTER INSERT ON concert_attendance REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_keys('agenda', 'user_id');
    CREATE TRIGGER concert_attendance_notify_delete
      AFTER DELETE ON concert_attendance REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_keys('agenda', 'user_id');
    -- TRUNCATE has no rows to count: the counts start again from nothing.
    CREATE FUNCTION reset_going_counts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE concerts SET going_count = 0 WHERE going_count <> 0;
      PERFORM pg_notify('cm_changes', 'agenda:*');
      RETURN NULL;
    END $$;
    CREATE TRIGGER concert_attendance_truncate
      AFTER TRUNCATE ON concert_attendance
      FOR EACH STATEMENT EXECUTE FUNCTION reset_going_counts();

    ALTER TABLE users ADD COLUMN show_reminders boolean NOT NULL DEFAULT false;
    CREATE INDEX users_show_reminders_idx ON users (user_id) WHERE show_reminders;

    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly', 'email_verification',
        'concert_change', 'show_reminder'));
    ALTER TABLE mail_deliveries ADD COLUMN reminder_day date,
      ADD CONSTRAINT mail_deliveries_reminder_day_check
        CHECK ((kind = 'show_reminder') = (reminder_day IS NOT NULL));
    CREATE UNIQUE INDEX mail_deliveries_reminder_key
      ON mail_deliveries (user_id, reminder_day) WHERE kind = 'show_reminder';
    CREATE INDEX mail_deliveries_pending_reminders_idx ON mail_deliveries (id)
      WHERE kind = 'show_reminder' AND status = 'pending';
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX mail_deliveries_pending_reminders_idx;
    DROP INDEX mail_deliveries_reminder_key;
    DELETE FROM mail_deliveries WHERE kind = 'show_reminder';
    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_reminder_day_check,
      DROP COLUMN reminder_day;
    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly', 'email_verification', 'concert_change'));
    DROP INDEX users_show_reminders_idx;
    ALTER TABLE users DROP COLUMN show_reminders;
    DROP TABLE concert_attendance;
    DROP FUNCTION count_concert_attendance(), reset_going_counts();
  `.execute(db);
  await concertsUpdatedFunction(['like_count']).execute(db);
  await sql`ALTER TABLE concerts DROP COLUMN going_count`.execute(db);
}
