// Frozen in time: never edit after release; add a new migration instead.
// A like moves concerts.like_count, and until now every write to concerts told every instance
// 'concerts:*', which drops every kept agenda and the shared concert data. An UPDATE
// that changes nothing but like_count now says 'likes:<concert id>' (or 'likes:*' past 100
// concerts) instead; any other change to a concert row, and every INSERT, DELETE and TRUNCATE,
// still says 'concerts:*'. The comparison is over the whole row minus like_count, so a column added
// later counts as a real change without touching this trigger.
import { sql, type Kysely } from 'kysely';

const MANY_KEYS = 100;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_concerts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids text[];
    BEGIN
      -- A changed id, or any column but like_count: the concert data itself changed.
      IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id)
           <> (SELECT count(*) FROM new_rows)
         OR EXISTS (
           SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE to_jsonb(o) - 'like_count' IS DISTINCT FROM to_jsonb(n) - 'like_count'
         ) THEN
        PERFORM pg_notify('cm_changes', 'concerts:*');
        RETURN NULL;
      END IF;
      SELECT array_agg(DISTINCT n.id::text) INTO ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.like_count IS DISTINCT FROM n.like_count;
      IF ids IS NULL THEN
        RETURN NULL;
      ELSIF cardinality(ids) > ${sql.lit(MANY_KEYS)} THEN
        PERFORM pg_notify('cm_changes', 'likes:*');
      ELSE
        PERFORM pg_notify('cm_changes', 'likes:' || id) FROM unnest(ids) AS id;
      END IF;
      RETURN NULL;
    END $$;

    DROP TRIGGER concerts_notify ON concerts;
    CREATE TRIGGER concerts_notify
      AFTER INSERT OR DELETE OR TRUNCATE ON concerts
      FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_all('concerts');
    CREATE TRIGGER concerts_notify_update
      AFTER UPDATE ON concerts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notify_concerts_updated();
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TRIGGER concerts_notify_update ON concerts;
    DROP TRIGGER concerts_notify ON concerts;
    DROP FUNCTION notify_concerts_updated();
    CREATE TRIGGER concerts_notify
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON concerts
      FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_all('concerts');
  `.execute(db);
}
