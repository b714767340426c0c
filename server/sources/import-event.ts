// One event of a run, in a savepoint of its batch's transaction: a known event updates its
// concert (field by field, an admin's own edits winning), a cancelled one cancels it; a new one
// joins the concert it already is, waits for an admin (review, or something missing), or is
// published.
import type { Actor } from '../admin/writes/audit.js';
import type { AdminWriteDeps } from '../admin/writes/concert-writes.js';
import {
  cancelConcertWithAudit,
  updateConcertWithAudit,
} from '../admin/concerts/concerts-admin.service.js';
import { findAdminConcert } from '../admin/concerts/concerts-admin.repository.js';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';
import {
  changesFor,
  currentValues,
  hasWrites,
  valuesOf,
  type ImportedValues,
} from './concert-values.js';
import type { Resolution } from './event-match.js';
import type { ImportedEvent } from './imported-event.js';
import {
  deleteImportedEvent,
  insertImportedEvent,
  lockImportedEvent,
  updateImportedEvent,
  type ImportedEventRow,
  type ImportedEventValues,
} from './imported-events.repository.js';
import {
  createConcertFrom,
  findSameConcert,
  joinConcert,
  toConcertChanges,
  type Published,
} from './publish-event.js';
import type { Outcome } from './run-tally.js';
import { stableJson } from './stable-json.js';

export interface EventContext {
  deps: AdminWriteDeps;
  sourceId: number;
  /** "publicar directamente" is false. */
  review: boolean;
  actor: Actor;
}

export type Written = Pick<Published, 'edit'> | undefined;

/** The row's columns for what the event says now. */
const rowValues = (
  event: ImportedEvent,
  resolution: Resolution,
): Pick<ImportedEventValues, 'event' | 'url' | 'day' | 'venue_id' | 'genre'> => ({
  event: event as unknown as Json,
  url: event.url,
  day: event.day,
  venue_id: resolution.venue?.id ?? null,
  genre: resolution.genre,
});

/** The same event as last time, to the letter. */
export const unchangedAtSource = (known: ImportedEventRow, event: ImportedEvent) =>
  stableJson(known.event) === stableJson(event);

/**
 * A published event seen again: its concert follows the source where no admin changed it, and
 * a cancellation at the source cancels it (once: an admin who restores it wins).
 */
async function updatePublished(
  trx: Database,
  ctx: EventContext,
  known: ImportedEventRow,
  event: ImportedEvent,
  resolution: Resolution,
): Promise<{ outcome: Outcome; written?: Written }> {
  const concert =
    known.concert_id === null ? undefined : await findAdminConcert(trx, known.concert_id, true);
  if (!concert) return { outcome: { kind: 'skipped', reason: 'deleted' } };
  const last = known.imported_values as ImportedValues;
  let recorded: ImportedValues;
  let written: Written;
  if (event.status === 'cancelled') {
    if (last.cancelled !== true && concert.cancelled_at === null) {
      written = { edit: await cancelConcertWithAudit(trx, ctx.deps, concert.id, ctx.actor) };
    }
    recorded = { ...last, cancelled: true };
  } else {
    const changes = changesFor(
      currentValues(concert),
      last,
      valuesOf(event, resolution.venue?.id ?? null),
    );
    recorded = changes.recorded;
    if (hasWrites(changes)) {
      const input = await toConcertChanges(trx, changes.write, {
        bandIds: resolution.bands.map((band) => band.id),
        newBandNames: resolution.newBandNames,
      });
      const edit = await updateConcertWithAudit(trx, ctx.deps, concert.id, input, ctx.actor);
      if (edit.changed) written = { edit };
    }
  }
  await updateImportedEvent(trx, known.id, {
    ...rowValues(event, resolution),
    imported_values: recorded as Json,
  });
  return { outcome: { kind: written ? 'updated' : 'unchanged' }, written };
}

/** A new event, or one still waiting: joined, published, or (still) waiting. */
async function placeEvent(
  trx: Database,
  ctx: EventContext,
  known: ImportedEventRow | undefined,
  event: ImportedEvent,
  resolution: Resolution,
): Promise<{ outcome: Outcome; written?: Written }> {
  if (event.status === 'cancelled') {
    // Never published: nothing to cancel, nothing to review.
    if (known) await deleteImportedEvent(trx, known.id);
    return { outcome: { kind: 'skipped', reason: 'cancelled' } };
  }
  const bands = {
    bandIds: resolution.bands.map((band) => band.id),
    newBandNames: resolution.newBandNames,
  };
  const matchedVenueId = resolution.venue?.id ?? null;
  const same = await findSameConcert(trx, ctx.sourceId, event, matchedVenueId);
  const joined =
    same !== undefined &&
    (await joinConcert(trx, ctx.deps, same, { event, matchedVenueId, ...bands }, ctx.actor));
  let published: Published | undefined = joined || undefined;
  const waitingReason = resolution.missing ?? (ctx.review ? 'review' : null);
  if (!published && waitingReason === null) {
    published = await createConcertFrom(
      trx,
      ctx.deps,
      {
        event,
        matchedVenueId,
        venueId: matchedVenueId!,
        hour: event.hour!,
        genre: resolution.genre!,
        price: event.price,
        ...bands,
      },
      ctx.actor,
    );
  }
  const values: ImportedEventValues = {
    ...rowValues(event, resolution),
    concert_id: published?.concertId ?? null,
    state: published ? 'published' : 'waiting',
    waiting_reason: published ? null : waitingReason,
    imported_values: (published?.recorded ?? {}) as Json,
  };
  if (known) await updateImportedEvent(trx, known.id, values);
  else await insertImportedEvent(trx, { ...values, source_id: ctx.sourceId, event_key: event.key });
  if (!published) return { outcome: { kind: 'waiting' } };
  return { outcome: { kind: published.created ? 'created' : 'updated' }, written: published };
}

/**
 * One event of a run, in the caller's transaction (a savepoint of the batch's). `known` is its
 * row from the batch's read (undefined for a new one); it is read again, locked. What was written
 * is answered for afterConcertWrite once the batch commits.
 */
export async function importEventIn(
  trx: Database,
  ctx: EventContext,
  event: ImportedEvent,
  known: ImportedEventRow | undefined,
  resolution: Resolution,
): Promise<{ outcome: Outcome; written?: Written }> {
  const row = known && (await lockImportedEvent(trx, known.id));
  if (row?.state === 'rejected') return { outcome: { kind: 'skipped', reason: 'rejected' } };
  if (row?.state === 'published') return updatePublished(trx, ctx, row, event, resolution);
  return placeEvent(trx, ctx, row, event, resolution);
}
