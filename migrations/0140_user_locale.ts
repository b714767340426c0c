// Frozen in time: never edit after release; add a new migration instead.
// The fan's language: 'es' or 'ca', null while they have not chosen (pages then follow the
// browser). The users table already notifies its changes, so cached session rows forget it.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN locale text
      CONSTRAINT users_locale_check CHECK (locale IN ('es', 'ca'));
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN locale`.execute(db);
}
