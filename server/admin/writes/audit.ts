// Every admin action is written to the audit log in the same transaction as the change itself, so
// the log never shows a change that was rolled back, nor misses one that was kept.
import type { AdminAuditDto, AdminPage } from '../../../common/admin/types.js';
import { ADMIN_PAGE_SIZE } from '../../../common/admin/limits.js';
import type { ServerMessageId } from '../../../common/i18n/catalogues.js';
import type { Database } from '../../db/database.js';
import type { Json } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findAuditPage, insertAuditEntry, type AuditRow } from './audit.repository.js';

/** Who acted: the admin (id and email), or the API token (id null, 'API'). */
export interface Actor {
  id: string | null;
  label: string;
}

export const API_ACTOR: Actor = { id: null, label: 'API' };

export type AuditEntity = 'concert' | 'band' | 'venue';

export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

/** Plain JSON of a row (dates become ISO text), or null. */
const asJson = (value: unknown): Json | null =>
  value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as Json);

export function recordAudit(db: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  return insertAuditEntry(db, {
    actor_id: actor.id,
    actor: actor.label,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before: asJson(entry.before),
    after: asJson(entry.after),
  });
}

/** The rows an audited write is about: read the same way before and after, so the two compare. */
export interface AuditedRows<Row> {
  entity: AuditEntity;
  /** The row, or undefined; `forUpdate` asks for it locked until the commit. */
  read: (db: Database, id: number, forUpdate?: boolean) => Promise<Row | undefined>;
  /** The 404's message when the row to change or remove is not there. */
  missing: ServerMessageId;
  /** The 409's message when a row that is still used may not be removed. */
  inUse?: ServerMessageId;
}

interface Creation {
  action: string;
  /** Writes the new row (and whatever goes with it) and answers its id. */
  create: () => Promise<number>;
  /** The entry's `before`: a new row has none, but a copy names its source. */
  before?: unknown;
}

interface Change<Row> {
  action: string;
  id: number;
  /** Answers false when there was nothing to do: no entry then, and `after` is `before`. */
  change: (before: Row) => Promise<boolean | void>;
  /** What the entry keeps of each row, when not all of it. */
  logged?: (row: Row) => unknown;
}

interface Removal<Row> {
  action: string;
  id: number;
  remove: (before: Row) => Promise<void>;
}

/**
 * One admin write and its audit entry, in the caller's transaction: the row locked and read, the
 * write, the row read again, and the entry with both (a creation has no row before, a removal none
 * after). A row that is not there is a 404 and nothing is written.
 */
export function auditedWrite<Row>(
  trx: Database,
  actor: Actor,
  rows: AuditedRows<Row>,
  write: Creation,
): Promise<{ id: number; after: Row }>;
export function auditedWrite<Row>(
  trx: Database,
  actor: Actor,
  rows: AuditedRows<Row>,
  write: Change<Row>,
): Promise<{ before: Row; after: Row; changed: boolean }>;
export function auditedWrite<Row>(
  trx: Database,
  actor: Actor,
  rows: AuditedRows<Row>,
  write: Removal<Row>,
): Promise<{ before: Row }>;
export async function auditedWrite<Row>(
  trx: Database,
  actor: Actor,
  rows: AuditedRows<Row>,
  write: Creation | Change<Row> | Removal<Row>,
) {
  const { action } = write;
  const { entity } = rows;
  const readAfter = async (id: number) => {
    const row = await rows.read(trx, id);
    if (row === undefined) throw notFound(rows.missing);
    return row;
  };
  if ('create' in write) {
    const id = await write.create();
    const after = await readAfter(id);
    await recordAudit(trx, actor, { action, entity, entityId: id, before: write.before, after });
    return { id, after };
  }
  const before = await rows.read(trx, write.id, true);
  if (before === undefined) throw notFound(rows.missing);
  if ('remove' in write) {
    await write.remove(before);
    await recordAudit(trx, actor, { action, entity, entityId: write.id, before });
    return { before };
  }
  if ((await write.change(before)) === false) return { before, after: before, changed: false };
  const after = await readAfter(write.id);
  const logged = write.logged ?? ((row: Row) => row);
  await recordAudit(trx, actor, {
    action,
    entity,
    entityId: write.id,
    before: logged(before),
    after: logged(after),
  });
  return { before, after, changed: true };
}

/**
 * Removes a row, audited, in a transaction of its own. `deleteUnused` deletes it only while nothing
 * uses it (checked in its statement) and answers whether it did; a row in use is a 409.
 */
export async function removeUnlessUsed<Row>(
  db: Database,
  actor: Actor,
  rows: AuditedRows<Row> & { inUse: ServerMessageId },
  action: string,
  id: number,
  deleteUnused: (trx: Database, id: number) => Promise<boolean>,
): Promise<void> {
  await db.transaction().execute((trx) =>
    auditedWrite(trx, actor, rows, {
      action,
      id,
      remove: async () => {
        if (!(await deleteUnused(trx, id))) {
          throw new AppError(`${rows.entity}_in_use`, 409, rows.inUse);
        }
      },
    }),
  );
}

const toAuditDto = (row: AuditRow): AdminAuditDto => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actor,
  action: row.action,
  entity: row.entity,
  entityId: row.entity_id,
  before: row.before,
  after: row.after,
});

export async function auditPage(db: Database, page: number): Promise<AdminPage<AdminAuditDto>> {
  const { rows, total } = await findAuditPage(db, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return { items: rows.map(toAuditDto), total, page, pageSize: ADMIN_PAGE_SIZE };
}
