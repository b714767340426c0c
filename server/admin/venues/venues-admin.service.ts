// The venues: the concert form's list, and the managed list (add, edit — a rename reaches its
// concerts — and delete when unused).
import type {
  AdminManagedVenueDto,
  AdminManagedVenuesResponse,
  AdminVenueDto,
  AdminVenuesResponse,
  VenueInput,
  VenueUpdateInput,
} from '../../../common/admin/types.js';
import type { Database } from '../../db/database.js';
import { auditedWrite, removeUnlessUsed, type Actor, type AuditedRows } from '../writes/audit.js';
import { conflictOnDuplicate } from '../writes/concert-writes.js';
import {
  deleteUnusedVenue,
  findManagedVenue,
  findManagedVenues,
  insertVenue,
  listVenueOptions,
  updateVenueRow,
  type ManagedVenueRow,
  type VenueOptionRow,
} from './venues-admin.repository.js';

const DUPLICATE_VENUE = 'error.admin.duplicateVenue';
/** The unique index on lower(name). */
export const VENUE_NAME_KEY = 'venues_name_lower_key';

const VENUES = {
  entity: 'venue',
  read: findManagedVenue,
  missing: 'error.admin.unknownVenue',
  inUse: 'error.admin.venueInUse',
} satisfies AuditedRows<ManagedVenueRow>;

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

const toVenueDto = (row: VenueOptionRow): AdminVenueDto => ({
  id: row.id,
  name: row.name,
  town: row.town,
  known: row.known,
});

const orDuplicate = <T>(work: () => Promise<T>) =>
  conflictOnDuplicate(VENUE_NAME_KEY, DUPLICATE_VENUE, work);

/** GET /api/admin/venues: the concert form's choices. */
export async function venueOptions(db: Database): Promise<AdminVenuesResponse> {
  return { venues: (await listVenueOptions(db)).map(toVenueDto) };
}

export async function listManagedVenues(
  db: Database,
  q: string | undefined,
): Promise<AdminManagedVenuesResponse> {
  return { venues: (await findManagedVenues(db, q)).map(toManagedVenueDto) };
}

export function createVenue(db: Database, input: VenueInput, actor: Actor) {
  return orDuplicate(() =>
    db.transaction().execute(async (trx) => {
      const { after } = await auditedWrite(trx, actor, VENUES, {
        action: 'venue.create',
        create: () =>
          insertVenue(trx, { ...input, lat: input.lat ?? null, lon: input.lon ?? null }),
      });
      return toManagedVenueDto(after);
    }),
  );
}

export function updateVenue(db: Database, id: number, input: VenueUpdateInput, actor: Actor) {
  return orDuplicate(() =>
    db.transaction().execute(async (trx) => {
      const { after } = await auditedWrite(trx, actor, VENUES, {
        action: 'venue.update',
        id,
        change: () => updateVenueRow(trx, id, input),
      });
      return toManagedVenueDto(after);
    }),
  );
}

export function deleteVenue(db: Database, id: number, actor: Actor): Promise<void> {
  return removeUnlessUsed(db, actor, VENUES, 'venue.delete', id, deleteUnusedVenue);
}
