// Frozen in time: never edit after release; add a new migration instead.
// The language a submission's form was filled in: its confirmation and review mails go out in it
// (null for submissions sent before: Spanish).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE band_submissions ADD COLUMN locale text
      CONSTRAINT band_submissions_locale_check CHECK (locale IN ('es', 'ca'));
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE band_submissions DROP COLUMN locale`.execute(db);
}
