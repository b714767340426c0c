// Frozen in time: never edit after release; add a new migration instead.
// Every instance keeps short-lived copies of sessions, users and agendas (server/cache). These
// triggers tell all of them, through NOTIFY 'cm_changes', which rows changed: 'kind:key', or
// 'kind:*' when a statement touched many keys. Statement-level with transition tables, so a bulk
// write of 3 million recommendations costs one small query per statement, not one per row.
import { sql, type Kysely } from 'kysely';

const MANY_KEYS = 100;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_changed_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      kind text := TG_ARGV[0];
      keys text[];
    BEGIN
      EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM changed_rows', TG_ARGV[1]) INTO keys;
      IF keys IS NULL THEN
        RETURN NULL;
      ELSIF cardinality(keys) > ${sql.lit(MANY_KEYS)} THEN
        PERFORM pg_notify('cm_changes', kind || ':*');
      ELSE
        PERFORM pg_notify('cm_changes', kind || ':' || key) FROM unnest(keys) AS key;
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('cm_changes', TG_ARGV[0] || ':*');
      RETURN NULL;
    END $$;
  `.execute(db);

  const keyed: Array<[table: string, kind: string, key: string, events: string[]]> = [
    // A new session or user row cannot be in any cache; changed and deleted ones can.
    ['sessions', 'session', 'sid', ['UPDATE', 'DELETE']],
    ['users', 'user', 'user_id', ['UPDATE', 'DELETE']],
    ['user_concert_recommendations', 'agenda', 'user_id', ['INSERT', 'UPDATE', 'DELETE']],
  ];
  for (const [table, kind, key, events] of keyed) {
    for (const event of events) {
      // Only one transition table per trigger and event; keys never change on UPDATE.
      const rows = event === 'INSERT' ? 'NEW' : 'OLD';
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_notify_${event.toLowerCase()}`)}
        AFTER ${sql.raw(event)} ON ${sql.table(table)}
        REFERENCING ${sql.raw(rows)} TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_keys(${sql.lit(kind)}, ${sql.lit(key)})
      `.execute(db);
    }
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_notify_truncate`)}
      AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_all(${sql.lit(kind)})
    `.execute(db);
  }
  // Like counts live on concerts, so a like anywhere changes every fan's agenda.
  for (const table of ['concerts', 'concert_band', 'bands', 'venues']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_notify`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_all('concerts')
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION notify_changed_keys, notify_changed_all CASCADE;
  `.execute(db);
}
