// SQL of the imported events: each event a source announced, keyed by (source, the source's own
// key), with the concert it became and the values we last wrote to it.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';

export interface ImportedEventRow {
  id: string;
  source_id: number;
  event_key: string;
  concert_id: number | null;
  state: 'published' | 'waiting' | 'rejected';
  waiting_reason: string | null;
  venue_id: number | null;
  genre: string | null;
  event: Json;
  imported_values: Json;
  url: string | null;
  day: string;
  missing_since: Date | null;
}

const COLUMNS = [
  'id',
  'source_id',
  'event_key',
  'concert_id',
  'state',
  'waiting_reason',
  'venue_id',
  'genre',
  'event',
  'imported_values',
  'url',
  'day',
  'missing_since',
] as const;

/** The source's events among `keys` (one query for a batch). */
export function findImportedEvents(db: Database, sourceId: number, keys: string[]) {
  return db
    .selectFrom('imported_events')
    .select(COLUMNS)
    .where('source_id', '=', sourceId)
    .where('event_key', 'in', keys)
    .execute() as Promise<ImportedEventRow[]>;
}

/** One event, locked until the commit. */
export function lockImportedEvent(db: Database, id: string) {
  return db
    .selectFrom('imported_events')
    .select(COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst() as Promise<ImportedEventRow | undefined>;
}

/** The concert another event with this page and day became (the same concert, however found). */
export async function findConcertByEventUrl(
  db: Database,
  url: string,
  day: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('imported_events')
    .select('concert_id')
    .where('url', '=', url)
    .where('day', '=', day)
    .where('concert_id', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.concert_id ?? undefined;
}

/** Which of these concerts the source already has an event for (no two events join one). */
export async function concertsOfSource(db: Database, sourceId: number, concertIds: number[]) {
  if (concertIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('imported_events')
    .select('concert_id')
    .where('source_id', '=', sourceId)
    .where('concert_id', 'in', concertIds)
    .execute();
  return new Set(rows.map((row) => row.concert_id!));
}

export interface ImportedEventValues {
  concert_id: number | null;
  state: 'published' | 'waiting' | 'rejected';
  waiting_reason: string | null;
  venue_id: number | null;
  genre: string | null;
  event: Json;
  imported_values: Json;
  url: string | null;
  day: string;
}

const asJsonb = (values: Partial<ImportedEventValues>) => ({
  ...values,
  ...(values.event !== undefined ? { event: JSON.stringify(values.event) } : {}),
  ...(values.imported_values !== undefined
    ? { imported_values: JSON.stringify(values.imported_values) }
    : {}),
});

// Sightings are stamped by the database's clock, as the run's start is: a run flags what it did
// not see by comparing the two (flagMissing).
export async function insertImportedEvent(
  db: Database,
  row: ImportedEventValues & { source_id: number; event_key: string },
): Promise<string> {
  const { id } = await db
    .insertInto('imported_events')
    .values(asJsonb(row) as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Seen again: what it says now, and no longer missing. */
export async function updateImportedEvent(
  db: Database,
  id: string,
  patch: Partial<ImportedEventValues>,
  seen = true,
) {
  await db
    .updateTable('imported_events')
    .set({
      ...asJsonb(patch),
      ...(seen ? { last_seen_at: sql<Date>`now()`, missing_since: null } : {}),
    } as never)
    .where('id', '=', id)
    .execute();
}

/** Seen in this run, unchanged: one statement for a batch. */
export async function markSeen(db: Database, sourceId: number, keys: string[]) {
  if (keys.length === 0) return;
  await db
    .updateTable('imported_events')
    .set({ last_seen_at: sql<Date>`now()`, missing_since: null })
    .where('source_id', '=', sourceId)
    .where('event_key', 'in', keys)
    .execute();
}

/**
 * The source's upcoming events run `runId` did not see (last seen before it started) are flagged
 * missing, not deleted; answers how many were newly flagged.
 */
export async function flagMissing(db: Database, sourceId: number, runId: string, today: string) {
  const result = await db
    .updateTable('imported_events')
    .set({ missing_since: sql<Date>`now()` })
    .where('source_id', '=', sourceId)
    .where('missing_since', 'is', null)
    .where('last_seen_at', '<', (eb) =>
      eb.selectFrom('source_runs').select('started_at').where('id', '=', runId),
    )
    .where('day', '>=', today)
    .where('state', '<>', 'rejected')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface WaitingRow extends ImportedEventRow {
  source_name: string;
  venue_name: string | null;
  first_seen_at: Date;
}

/** One page of the events waiting for an admin, the oldest first (imported_events_waiting_idx). */
export async function findWaitingPage(db: Database, offset: number, limit: number) {
  const query = db.selectFrom('imported_events as e').where('e.state', '=', 'waiting');
  const [rows, count] = await Promise.all([
    query
      .innerJoin('sources as s', 's.id', 'e.source_id')
      .leftJoin('venues as v', 'v.id', 'e.venue_id')
      .select(COLUMNS.map((column) => `e.${column}` as const))
      .select(['s.name as source_name', 'v.name as venue_name', 'e.first_seen_at'])
      .orderBy('e.first_seen_at')
      .orderBy('e.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as WaitingRow[], total: Number(count.n) };
}

export interface MissingRow {
  concert_id: number;
  source_id: number;
  source_name: string;
  day: string;
  hour: string;
  venue: string;
  name: string;
  cancelled: boolean;
  missing_since: Date;
}

/** Upcoming concerts their source no longer lists, the soonest first. */
export async function findMissing(db: Database, today: string, limit: number) {
  const result = await sql<MissingRow>`
    SELECT c.id AS concert_id, e.source_id, s.name AS source_name, c.day,
      to_char(c.hour, 'HH24:MI') AS hour, c.venue, e.event->>'name' AS name,
      c.cancelled_at IS NOT NULL AS cancelled, e.missing_since
    FROM imported_events e
    JOIN sources s ON s.id = e.source_id
    JOIN concerts c ON c.id = e.concert_id
    WHERE e.missing_since IS NOT NULL AND e.state = 'published' AND c.day >= ${today}::date
    ORDER BY c.day, c.hour, c.id
    LIMIT ${limit}
  `.execute(db);
  return result.rows;
}

export async function deleteImportedEvent(db: Database, id: string) {
  await db.deleteFrom('imported_events').where('id', '=', id).execute();
}

/** The source's events a 304 says are all as before (every one not rejected). */
export async function countKnownEvents(db: Database, sourceId: number): Promise<number> {
  const row = await db
    .selectFrom('imported_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('source_id', '=', sourceId)
    .where('state', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The source deleted this event (a fediverse Delete): it is missing from now on. */
export async function flagMissingEvent(db: Database, sourceId: number, key: string) {
  await db
    .updateTable('imported_events')
    .set({ missing_since: sql<Date>`now()` })
    .where('source_id', '=', sourceId)
    .where('event_key', '=', key)
    .where('missing_since', 'is', null)
    .where('state', '<>', 'rejected')
    .execute();
}
