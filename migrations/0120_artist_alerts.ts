// Frozen in time: never edit after release; add a new migration instead.
// Artist alerts: a fan hears of a new concert of one of their favourite artists. `artist_alerts`
// keeps each match once per fan and concert (the primary key: never alerted twice), waiting until
// a mail takes it (`delivery_id`) or it is dropped (the fan chose 'never', the concert went). A
// fan gets at most one alert mail per Madrid day: the day is in the delivery's payload, unique per
// fan among the 'artist_alert' deliveries not skipped (a mail left with nothing to say frees it).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN alert_frequency text NOT NULL DEFAULT 'daily'
      CONSTRAINT users_alert_frequency_check CHECK (alert_frequency IN ('instant', 'daily', 'never'));
    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly', 'email_verification', 'concert_change',
                      'show_reminder', 'artist_alert'));
    CREATE UNIQUE INDEX mail_deliveries_artist_alert_day_key
      ON mail_deliveries (user_id, (payload ->> 'day'))
      WHERE kind = 'artist_alert' AND status <> 'skipped';
    CREATE INDEX mail_deliveries_pending_alerts_idx ON mail_deliveries (id)
      WHERE kind = 'artist_alert' AND status = 'pending';
    CREATE TABLE artist_alerts (
      user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      concert_id integer NOT NULL REFERENCES concerts (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      delivery_id bigint REFERENCES mail_deliveries (id) ON DELETE CASCADE,
      dropped_at timestamptz,
      PRIMARY KEY (user_id, concert_id),
      CHECK (delivery_id IS NULL OR dropped_at IS NULL)
    );
    CREATE INDEX artist_alerts_waiting_idx ON artist_alerts (user_id)
      WHERE delivery_id IS NULL AND dropped_at IS NULL;
    CREATE INDEX artist_alerts_delivery_idx ON artist_alerts (delivery_id)
      WHERE delivery_id IS NOT NULL;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE artist_alerts;
    DELETE FROM mail_deliveries WHERE kind = 'artist_alert';
    DROP INDEX mail_deliveries_pending_alerts_idx;
    DROP INDEX mail_deliveries_artist_alert_day_key;
    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly', 'email_verification', 'concert_change',
                      'show_reminder'));
    ALTER TABLE users DROP COLUMN alert_frequency;
  `.execute(db);
}
