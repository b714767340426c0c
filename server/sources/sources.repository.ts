// SQL of the sources: the admin's list and edits, the schedule's due sources and the claim of a
// scheduled run, and the failure count that pauses a source.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface SourceRow {
  id: number;
  url: string;
  host: string;
  name: string;
  review: boolean;
  genre: string | null;
  venue_id: number | null;
  paused_at: Date | null;
  paused_reason: string | null;
  consecutive_failures: number;
  etag: string | null;
  last_modified: string | null;
  next_run_at: Date;
  /** 'fediverse': an account we follow, whose events arrive in our inbox (server/federation/). */
  kind: 'feed' | 'fediverse';
  follow_state: 'pending' | 'accepted' | 'rejected' | null;
  follow_id: string | null;
}

const SOURCE_COLUMNS = [
  's.id',
  's.url',
  's.host',
  's.name',
  's.review',
  's.genre',
  's.venue_id',
  's.paused_at',
  's.paused_reason',
  's.consecutive_failures',
  's.etag',
  's.last_modified',
  's.next_run_at',
  's.kind',
  's.follow_state',
  's.follow_id',
] as const;

export interface SourceListRow extends SourceRow {
  venue_name: string | null;
  waiting: number;
  missing: number;
}

/** Every source, oldest first, with its venue's name and its waiting and missing events. */
export function findSourceList(db: Database, today: string, id?: number): Promise<SourceListRow[]> {
  return db
    .selectFrom('sources as s')
    .leftJoin('venues as v', 'v.id', 's.venue_id')
    .select(SOURCE_COLUMNS)
    .select([
      'v.name as venue_name',
      sql<number>`(SELECT count(*)::int FROM imported_events e
        WHERE e.source_id = s.id AND e.state = 'waiting')`.as('waiting'),
      sql<number>`(SELECT count(*)::int FROM imported_events e
        WHERE e.source_id = s.id AND e.state = 'published' AND e.missing_since IS NOT NULL
          AND e.concert_id IS NOT NULL AND e.day >= ${today}::date)`.as('missing'),
    ])
    .$if(id !== undefined, (query) => query.where('s.id', '=', id!))
    .orderBy('s.id')
    .execute() as Promise<SourceListRow[]>;
}

export function findSource(db: Database, id: number, forUpdate = false) {
  return db
    .selectFrom('sources as s')
    .select(SOURCE_COLUMNS)
    .where('s.id', '=', id)
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst() as Promise<SourceRow | undefined>;
}

export interface NewSourceRow {
  url: string;
  host: string;
  name: string;
  review: boolean;
  genre: string | null;
  venue_id: number | null;
  next_run_at: Date;
  kind?: 'feed' | 'fediverse';
  follow_state?: 'pending';
  follow_id?: string;
}

export async function insertSource(db: Database, row: NewSourceRow): Promise<number> {
  const { id } = await db
    .insertInto('sources')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface SourcePatch {
  name?: string;
  review?: boolean;
  genre?: string | null;
  venue_id?: number | null;
  paused_at?: Date | null;
  paused_reason?: string | null;
  consecutive_failures?: number;
  next_run_at?: Date;
}

export async function updateSourceRow(db: Database, id: number, patch: SourcePatch) {
  const result = await db.updateTable('sources').set(patch).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** False when it was gone already; its runs and imported events go with it, its concerts stay. */
export async function deleteSourceRow(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sources').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The sources whose scheduled run is due (sources_due_idx). */
export async function findDueSourceIds(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('sources')
    .select('id')
    .where('paused_at', 'is', null)
    .where('kind', '=', 'feed')
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a due source's scheduled run: its next run moves to `next`. One statement, so of any
 * number of workers (instances) asking at once exactly one gets true.
 */
export async function claimScheduledRun(db: Database, id: number, now: Date, next: Date) {
  const row = await db
    .updateTable('sources')
    .set({ next_run_at: next })
    .where('id', '=', id)
    .where('paused_at', 'is', null)
    .where('next_run_at', '<=', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A read that worked: the failures start again, the validators are kept for the next request. */
export async function recordSourceRead(
  db: Database,
  id: number,
  validators: { etag: string | null; last_modified: string | null } | undefined,
) {
  await db
    .updateTable('sources')
    .set({ consecutive_failures: 0, ...validators })
    .where('id', '=', id)
    .execute();
}

/**
 * One more failure in a row; the `max`-th pauses the source with `reason` (a catalogue id). Answers
 * the count and whether this one paused it.
 */
export async function recordSourceFailure(
  db: Database,
  id: number,
  max: number,
  reason: string,
  now: Date,
): Promise<{ failures: number; paused: boolean }> {
  const row = await sql<{ failures: number; paused: boolean }>`
    UPDATE sources SET
      consecutive_failures = consecutive_failures + 1,
      paused_at = CASE WHEN paused_at IS NULL AND consecutive_failures + 1 >= ${max}
        THEN ${now}::timestamptz ELSE paused_at END,
      paused_reason = CASE WHEN paused_at IS NULL AND consecutive_failures + 1 >= ${max}
        THEN ${reason} ELSE paused_reason END
    WHERE id = ${id}
    RETURNING consecutive_failures AS failures,
      (paused_at = ${now}::timestamptz) AS paused
  `.execute(db);
  return row.rows[0] ?? { failures: 0, paused: false };
}

/** The fediverse source of this account, if an admin added it. */
export function findFediverseSource(db: Database, actorId: string) {
  return db
    .selectFrom('sources as s')
    .select(SOURCE_COLUMNS)
    .where('s.kind', '=', 'fediverse')
    .where('s.url', '=', actorId)
    .executeTakeFirst() as Promise<SourceRow | undefined>;
}

export async function setFollowState(db: Database, id: number, state: 'accepted' | 'rejected') {
  await db.updateTable('sources').set({ follow_state: state }).where('id', '=', id).execute();
}
