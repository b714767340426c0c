// Frozen in time: never edit after release; add a new migration instead.
// A concert's short and long texts in Catalan beside the Spanish ones; null until written (readers
// then show the Spanish). The concerts table already notifies any change of a column.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE concerts ADD COLUMN description_short_ca text, ADD COLUMN description_long_ca text;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE concerts DROP COLUMN description_short_ca, DROP COLUMN description_long_ca;
  `.execute(db);
}
