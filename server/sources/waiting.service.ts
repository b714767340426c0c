// The events waiting for an admin (review, or something the source did not say): the list, an
// approval that fills in what was missing and publishes it (or joins the concert it already is),
// a rejection that keeps it from ever being imported; and the concerts their source dropped.
import { WAITING_PAGE_SIZE, MISSING_LIST_MAX } from '../../common/sources/limits.js';
import type {
  MissingListResponse,
  WaitingEventDto,
  WaitingPageResponse,
} from '../../common/sources/types.js';
import type { WaitingApproveInput } from '../../common/sources/schemas.js';
import { isGenre } from '../../common/genres/genres.js';
import { resolveVenue } from '../admin/concerts/concert-inputs.js';
import type { Actor } from '../admin/writes/audit.js';
import { afterConcertWrite, type AdminWriteDeps } from '../admin/writes/concert-writes.js';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';
import { AppError, notFound } from '../lib/errors.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { findPerformerBands, splitPerformers } from './event-match.js';
import type { ImportedEvent } from './imported-event.js';
import {
  findMissing,
  findWaitingPage,
  lockImportedEvent,
  updateImportedEvent,
  type ImportedEventRow,
  type WaitingRow,
} from './imported-events.repository.js';
import { addVenueAlias } from './matching.repository.js';
import { publishEvent } from './publish-event.js';

const WAITING_GONE = 'error.source.waitingNotFound';

const needed = (id: 'hourNeeded' | 'venueNeeded' | 'genreNeeded') =>
  new AppError('bad_request', 400, `error.source.${id}`);

function toWaitingDto(row: WaitingRow, bands: { id: number; name: string }[]): WaitingEventDto {
  const event = row.event as unknown as ImportedEvent;
  return {
    id: Number(row.id),
    sourceId: row.source_id,
    sourceName: row.source_name,
    reason: row.waiting_reason as WaitingEventDto['reason'],
    event: {
      name: event.name,
      day: event.day,
      hour: event.hour,
      venue: event.venue,
      performers: event.performers,
      description: event.description,
      price: event.price,
      ticketUrl: event.ticketUrl,
      url: event.url,
      imageUrl: event.imageUrl,
      status: event.status,
      categories: event.categories,
    },
    venue:
      row.venue_id !== null && row.venue_name !== null
        ? { id: row.venue_id, name: row.venue_name }
        : null,
    genre: row.genre,
    bands,
    missing: row.missing_since !== null,
    firstSeenAt: row.first_seen_at.toISOString(),
  };
}

export async function waitingPage(db: Database, page: number): Promise<WaitingPageResponse> {
  const { rows, total } = await findWaitingPage(
    db,
    (page - 1) * WAITING_PAGE_SIZE,
    WAITING_PAGE_SIZE,
  );
  const events = rows.map((row) => row.event as unknown as ImportedEvent);
  const found = await findPerformerBands(db, events);
  const items = rows.map((row, i) => {
    const { bands } = splitPerformers(events[i]!.performers, found);
    return toWaitingDto(
      row,
      bands.map((band) => ({ id: band.id, name: band.name })),
    );
  });
  return { items, total, page, pageSize: WAITING_PAGE_SIZE };
}

async function waitingRow(trx: Database, id: number): Promise<ImportedEventRow> {
  const row = await lockImportedEvent(trx, String(id));
  if (!row || row.state !== 'waiting') throw notFound(WAITING_GONE);
  return row;
}

/**
 * Publishes a waiting event with what the admin filled in (hour, venue, genre, price), or joins
 * the concert it already is. A venue the admin picked for a location we did not recognise learns
 * that name as an alias, so the source's next events find it. Answers the concert's id.
 */
export async function approveWaiting(
  deps: AdminWriteDeps,
  id: number,
  input: WaitingApproveInput,
  actor: Actor,
): Promise<number> {
  const published = await deps.db.transaction().execute(async (trx) => {
    const row = await waitingRow(trx, id);
    const event = row.event as unknown as ImportedEvent;
    const chosen = await resolveVenue(trx, input);
    const venueId = chosen?.id ?? row.venue_id ?? undefined;
    if (venueId === undefined) throw needed('venueNeeded');
    const hour = input.hour ?? event.hour ?? undefined;
    if (hour === undefined) throw needed('hourNeeded');
    const genre = input.genre ?? (row.genre !== null && isGenre(row.genre) ? row.genre : undefined);
    if (genre === undefined) throw needed('genreNeeded');
    const price = input.price ?? event.price;
    if (chosen && event.venue && row.venue_id === null) {
      await addVenueAlias(trx, chosen.id, event.venue.name);
    }
    const { bands, newBandNames } = splitPerformers(
      event.performers,
      await findPerformerBands(trx, [event]),
    );
    const done = await publishEvent(
      trx,
      deps,
      row.source_id,
      {
        event,
        matchedVenueId: row.venue_id,
        venueId,
        hour,
        genre,
        price,
        bandIds: bands.map((band) => band.id),
        newBandNames,
      },
      actor,
    );
    await updateImportedEvent(
      trx,
      row.id,
      {
        state: 'published',
        waiting_reason: null,
        concert_id: done.concertId,
        venue_id: venueId,
        genre,
        imported_values: done.recorded as Json,
      },
      false,
    );
    return done;
  });
  await afterConcertWrite(deps, published.edit);
  return published.concertId;
}

/** Rejected: later runs skip it, whatever the source says of it. */
export async function rejectWaiting(db: Database, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await waitingRow(trx, id);
    await updateImportedEvent(trx, row.id, { state: 'rejected', waiting_reason: null }, false);
  });
}

/** Upcoming imported concerts their source no longer lists. */
export async function missingList(deps: {
  db: Database;
  clock: Clock;
}): Promise<MissingListResponse> {
  const rows = await findMissing(deps.db, madridDateTime(deps.clock()).day, MISSING_LIST_MAX);
  return {
    items: rows.map((row) => ({
      concertId: row.concert_id,
      sourceId: row.source_id,
      sourceName: row.source_name,
      day: row.day,
      hour: row.hour,
      venue: row.venue,
      name: row.name,
      cancelled: row.cancelled,
      missingSince: row.missing_since.toISOString(),
    })),
  };
}
