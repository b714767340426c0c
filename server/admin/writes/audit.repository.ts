// The admin audit log: one row per admin action, with the state before and after.
import type { Database } from '../../db/database.js';
import type { Json } from '../../db/schema.js';

export interface AuditEntryRow {
  actor_id: string | null;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
}

export async function insertAuditEntry(db: Database, entry: AuditEntryRow): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      ...entry,
      // jsonb through pg: objects are sent as JSON text.
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export interface AuditRow extends AuditEntryRow {
  id: string;
  at: Date;
}

/** Most recent first, with the total for paging. */
export async function findAuditPage(db: Database, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('admin_audit')
      .select(['id', 'at', 'actor_id', 'actor', 'action', 'entity', 'entity_id', 'before', 'after'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('admin_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AuditRow[], total: Number(count.n) };
}
