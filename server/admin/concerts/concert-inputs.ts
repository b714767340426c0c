// The venue and bands a concert form names, resolved to rows of our lists (found or created).
import type { VenueInput } from '../../../common/admin/types.js';
import type { Database } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { bandExists, findOrInsertBandByName } from '../bands/bands-admin.repository.js';
import {
  findManagedVenue,
  findVenueByName,
  insertVenue,
} from '../venues/venues-admin.repository.js';
import { UNKNOWN_BAND, UNKNOWN_VENUE } from '../writes/concert-writes.js';

/**
 * The venue a concert form chose: one of the list by id, or a new one (the existing venue of that
 * name, accents and case aside, when there is one, so "Es Gremi" and "es gremí" are one venue).
 */
export async function resolveVenue(
  db: Database,
  choice: { venueId?: number; newVenue?: VenueInput },
): Promise<{ id: number; name: string } | undefined> {
  if (choice.venueId !== undefined) {
    const venue = await findManagedVenue(db, choice.venueId);
    if (!venue) throw new AppError('bad_request', 400, UNKNOWN_VENUE);
    return { id: venue.id, name: venue.name };
  }
  if (choice.newVenue) {
    // Accents and case aside, as moderation does: the venue as it is on the list is kept (its
    // address and website are edited under Salas, not overwritten from a concert form).
    const existing = await findVenueByName(db, choice.newVenue.name);
    if (existing) return { id: existing.id, name: existing.name };
    const { lat, lon, ...rest } = choice.newVenue;
    const id = await insertVenue(db, { ...rest, lat: lat ?? null, lon: lon ?? null });
    return { id, name: choice.newVenue.name };
  }
  return undefined;
}

/** Band ids for a concert: ids of the list (each must exist) and names (found or created). */
export async function resolveBands(
  db: Database,
  bandIds: number[],
  bandNames: string[],
): Promise<number[]> {
  const ids = new Set<number>();
  for (const id of bandIds) {
    if (!(await bandExists(db, id))) throw notFound(UNKNOWN_BAND);
    ids.add(id);
  }
  for (const name of bandNames) ids.add(await findOrInsertBandByName(db, name));
  return [...ids];
}
