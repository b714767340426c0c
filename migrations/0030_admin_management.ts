// Frozen in time: never edit after release; add a new migration instead.
// Admins manage the agenda: a cancelled concert is kept (its page says so) but leaves scoring and
// mails; fans may turn off the mails about changes to concerts they liked; every admin action is
// kept in an audit log with what it changed.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE concerts ADD COLUMN cancelled_at timestamptz;
    ALTER TABLE users ADD COLUMN change_notices boolean NOT NULL DEFAULT true;

    CREATE TABLE admin_audit (
      id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      at timestamptz NOT NULL DEFAULT now(),
      -- NULL for the API token, or once the admin's account is deleted (actor keeps the name).
      actor_id uuid REFERENCES users (user_id) ON DELETE SET NULL,
      actor text NOT NULL,
      action text NOT NULL,
      entity text NOT NULL,
      entity_id text,
      before jsonb,
      after jsonb
    );
    CREATE INDEX admin_audit_at_idx ON admin_audit (at DESC, id DESC);

    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly', 'email_verification', 'concert_change'));
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM mail_deliveries WHERE kind = 'concert_change';
    ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
    ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
      CHECK (kind IN ('welcome', 'password_reset', 'weekly', 'email_verification'));
    DROP TABLE admin_audit;
    ALTER TABLE users DROP COLUMN change_notices;
    ALTER TABLE concerts DROP COLUMN cancelled_at;
  `.execute(db);
}
