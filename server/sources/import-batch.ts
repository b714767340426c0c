// A run's events, 25 at a time: their rows and bands read at once, then one transaction for the
// batch with a savepoint per event (an event the database refuses fails alone), so a run of 2,000
// events commits 80 times, not 2,000 (each commit tells every instance's caches the concerts
// changed). What follows a concert's write (notices, scores) runs after the batch's commit.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterConcertWrite } from '../admin/writes/concert-writes.js';
import { chunk } from '../lib/chunk.js';
import { findPerformerBands, resolveWith, type Resolution } from './event-match.js';
import type { ImportedEvent } from './imported-event.js';
import {
  findImportedEvents,
  markSeen,
  type ImportedEventRow,
} from './imported-events.repository.js';
import {
  importEventIn,
  unchangedAtSource,
  type EventContext,
  type Written,
} from './import-event.js';
import { findJoinHints, findVenuesToMatch } from './matching.repository.js';
import type { ImportDeps } from './import-deps.js';
import type { Outcome, RunTally } from './run-tally.js';
import type { SourceRow } from './sources.repository.js';
import { indexVenues } from './venue-match.js';

const BATCH = 25;

/** Nothing to do but note it was seen: rejected, its concert deleted, or the same to the letter. */
function quickOutcome(
  row: ImportedEventRow | undefined,
  event: ImportedEvent,
): Outcome | undefined {
  if (row?.state === 'rejected') return { kind: 'skipped', reason: 'rejected' };
  if (row?.state !== 'published') return undefined;
  if (row.concert_id === null) return { kind: 'skipped', reason: 'deleted' };
  return unchangedAtSource(row, event) ? { kind: 'unchanged' } : undefined;
}

/**
 * A waiting event the source did not change, that still lacks the same thing, and whose place
 * and page no concert has: it waits on, with no work of its own.
 */
function stillWaiting(
  row: ImportedEventRow | undefined,
  event: ImportedEvent,
  resolution: Resolution,
  review: boolean,
  hints: Set<string>,
): boolean {
  if (row?.state !== 'waiting' || !unchangedAtSource(row, event)) return false;
  const reason = resolution.missing ?? (review ? 'review' : null);
  const venueId = resolution.venue?.id ?? null;
  return (
    reason === row.waiting_reason &&
    venueId === row.venue_id &&
    resolution.genre === row.genre &&
    !(venueId !== null && hints.has(`at:${venueId}:${event.day}`)) &&
    !(event.url !== null && hints.has(`url:${event.url}:${event.day}`))
  );
}

async function importBatch(
  ctx: EventContext & { deps: ImportDeps },
  source: SourceRow,
  batch: ImportedEvent[],
  index: ReturnType<typeof indexVenues>,
  tally: RunTally,
): Promise<Written[]> {
  const { deps } = ctx;
  const [rows, bands] = await Promise.all([
    findImportedEvents(
      deps.db,
      source.id,
      batch.map((event) => event.key),
    ),
    findPerformerBands(deps.db, batch),
  ]);
  const known = new Map(rows.map((row) => [row.event_key, row]));
  const resolutions = new Map(
    batch.map((event) => [event, resolveWith(event, index, source, bands)] as const),
  );
  const waitingEvents = batch.filter((event) => known.get(event.key)?.state === 'waiting');
  const hints = await findJoinHints(
    deps.db,
    waitingEvents.flatMap((event) => {
      const venue = resolutions.get(event)!.venue;
      return venue ? [{ venueId: venue.id, day: event.day }] : [];
    }),
    waitingEvents.flatMap((event) => (event.url ? [{ url: event.url, day: event.day }] : [])),
  );
  const written: Written[] = [];
  const outcomes: [Outcome, string][] = [];
  const seen: string[] = [];
  const trx = await deps.db.startTransaction().execute();
  try {
    for (const event of batch) {
      const row = known.get(event.key);
      const resolution = resolutions.get(event)!;
      const quick =
        quickOutcome(row, event) ??
        (stillWaiting(row, event, resolution, source.review, hints)
          ? ({ kind: 'waiting' } as const)
          : undefined);
      if (quick) {
        seen.push(event.key);
        outcomes.push([quick, event.name]);
        continue;
      }
      const savepoint = await trx.savepoint('event').execute();
      try {
        const done = await importEventIn(savepoint, ctx, event, row, resolution);
        await savepoint.releaseSavepoint('event').execute();
        outcomes.push([done.outcome, event.name]);
        if (done.written) written.push(done.written);
      } catch (error) {
        // One event the database refuses (a price beyond numeric(8,2)) fails alone.
        await savepoint.rollbackToSavepoint('event').execute();
        deps.log.warn({ err: error, sourceId: source.id, key: event.key }, 'Evento no importado');
        outcomes.push([{ kind: 'skipped', reason: 'error' }, event.name]);
      }
    }
    await markSeen(trx, source.id, seen);
    await trx.commit().execute();
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
  for (const [outcome, name] of outcomes) tally.add(outcome, name);
  return written;
}

/** Every event of a read, batch after batch, a turn of the event loop between two. */
export async function importEvents(
  deps: ImportDeps,
  source: SourceRow,
  events: ImportedEvent[],
  tally: RunTally,
  ctx: EventContext,
): Promise<void> {
  const index = indexVenues(await findVenuesToMatch(deps.db));
  for (const batch of chunk(events, BATCH)) {
    const written = await importBatch({ ...ctx, deps }, source, batch, index, tally);
    for (const edit of written) if (edit) await afterConcertWrite(deps, edit.edit);
    await yieldToLoop();
  }
}
