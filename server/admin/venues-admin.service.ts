// The managed venue list: list, add, edit (a rename reaches its concerts), delete when unused.
import type { AdminManagedVenueDto, VenueInput, VenueUpdateInput } from '../../common/admin.js';
import type { Database } from '../db/database.js';
import { AppError, notFound } from '../lib/errors.js';
import { recordAudit, type Actor } from './audit.js';
import { conflict, pgCodeOf, UNIQUE_VIOLATION } from './concert-writes.js';
import {
  deleteUnusedVenue,
  findManagedVenue,
  findManagedVenues,
  insertVenue,
  updateVenueRow,
  type ManagedVenueRow,
} from './venues-admin.repository.js';

const DUPLICATE_VENUE = 'Ya existe una sala con ese nombre.';
const UNKNOWN_VENUE_ID = 'No existe ninguna sala con ese ID.';

const toManagedVenueDto = (row: ManagedVenueRow): AdminManagedVenueDto => ({
  id: row.id,
  name: row.name,
  town: row.town,
  address: row.address,
  website: row.website,
  lat: row.lat,
  lon: row.lon,
  concertCount: row.concert_count,
});

async function orConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgCodeOf(error) === UNIQUE_VIOLATION) throw conflict(DUPLICATE_VENUE);
    throw error;
  }
}

export async function listManagedVenues(db: Database, q: string | undefined) {
  return { venues: (await findManagedVenues(db, q)).map(toManagedVenueDto) };
}

export function createVenue(db: Database, input: VenueInput, actor: Actor) {
  return orConflict(() =>
    db.transaction().execute(async (trx) => {
      const id = await insertVenue(trx, {
        ...input,
        lat: input.lat ?? null,
        lon: input.lon ?? null,
      });
      const after = (await findManagedVenue(trx, id))!;
      await recordAudit(trx, actor, {
        action: 'venue.create',
        entity: 'venue',
        entityId: id,
        after,
      });
      return toManagedVenueDto(after);
    }),
  );
}

export function updateVenue(db: Database, id: number, input: VenueUpdateInput, actor: Actor) {
  return orConflict(() =>
    db.transaction().execute(async (trx) => {
      const before = await findManagedVenue(trx, id);
      if (!before) throw notFound(UNKNOWN_VENUE_ID);
      await updateVenueRow(trx, id, input);
      const after = (await findManagedVenue(trx, id))!;
      await recordAudit(trx, actor, {
        action: 'venue.update',
        entity: 'venue',
        entityId: id,
        before,
        after,
      });
      return toManagedVenueDto(after);
    }),
  );
}

export async function deleteVenue(db: Database, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findManagedVenue(trx, id);
    if (!before) throw notFound(UNKNOWN_VENUE_ID);
    if (!(await deleteUnusedVenue(trx, id))) {
      throw new AppError(
        'venue_in_use',
        409,
        'Esta sala tiene conciertos: cámbialos de sala antes de borrarla.',
      );
    }
    await recordAudit(trx, actor, {
      action: 'venue.delete',
      entity: 'venue',
      entityId: id,
      before,
    });
  });
}
