// Every admin action is written to the audit log in the same transaction as the change itself, so
// the log never shows a change that was rolled back, nor misses one that was kept.
import type { AdminAuditDto, AdminPage } from '../../common/admin-rules.js';
import { ADMIN_PAGE_SIZE } from '../../common/admin-rules.js';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';
import { findAuditPage, insertAuditEntry, type AuditRow } from './audit.repository.js';

/** Who acted: the admin (id and email), or the API token (id null, 'API'). */
export interface Actor {
  id: string | null;
  label: string;
}

export const API_ACTOR: Actor = { id: null, label: 'API' };

export interface AuditEntry {
  action: string;
  entity: 'concert' | 'band' | 'venue';
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
