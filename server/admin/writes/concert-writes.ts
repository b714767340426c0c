// What the admin's writes share: the dependencies, the 404 and 409 answers, venue and band
// resolution for the concert forms, and the work done after a commit (scores, change notices).
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { VenueInput } from '../../../common/admin.js';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { ServerMessageId } from '../../../common/i18n/catalogues.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import { alertFansOf } from '../../alerts/artist-alerts.js';
import {
  finishRescore,
  queueRescore,
  type PendingRescore,
} from '../../recommendations/concert-rescore.js';
import type { RecommendationRunner } from '../../recommendations/runner.js';
import { bandExists, findOrInsertBandByName } from '../bands/bands-admin.repository.js';
import { sendChangeNotices } from '../concerts/notice-sender.js';
import { findManagedVenue, findVenueByName, insertVenue } from '../venues/venues-admin.repository.js';

export interface AdminWriteDeps {
  db: Database;
  /** The pool behind db: a notice holds a connection across its SMTP exchange, within its budget. */
  pool: pg.Pool;
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'dataDir'>;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  runner: RecommendationRunner;
  boss?: PgBoss;
}

export const UNKNOWN_CONCERT: ServerMessageId = 'error.admin.unknownConcert';
export const UNKNOWN_BAND: ServerMessageId = 'error.admin.unknownBand';
export const UNKNOWN_VENUE: ServerMessageId = 'error.admin.venueNotListed';
export const DUPLICATE_BAND: ServerMessageId = 'error.admin.duplicateBand';
export const DUPLICATE_LINK: ServerMessageId = 'error.admin.duplicateLink';

export const conflict = (message: ServerMessageId) => new AppError('conflict', 409, message);

/**
 * Runs `work`; a row the unique index `key` refuses becomes a 409 saying `message` (the index
 * decides a race, so two admins writing one name at once cannot both win).
 */
export function conflictOnDuplicate<T>(
  key: string,
  message: ServerMessageId,
  work: () => Promise<T>,
): Promise<T> {
  return work().catch((error: unknown) => {
    throw isUniqueViolation(error, key) ? conflict(message) : error;
  });
}

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

/**
 * After the commit: the notices (in the background; what a crash leaves pending goes out with the
 * sweep, notice-sender.ts), then what the edit's `queueRescore` left for after the commit (the
 * scoring itself, and then the artist alerts, when there is no job queue). A failure here is
 * logged: the edit itself is saved.
 */
export async function afterConcertWrite(
  deps: AdminWriteDeps,
  work: { rescore: PendingRescore; notices?: string[] },
): Promise<void> {
  if (work.notices && work.notices.length > 0) {
    void sendChangeNotices(deps, work.notices);
  }
  try {
    await finishRescore(deps, work.rescore);
    if (work.rescore.kind !== 'none' && work.rescore.alertIds.length > 0) {
      await alertFansOf(deps, work.rescore.alertIds);
    }
  } catch (error) {
    deps.log.error({ err: error, rescore: work.rescore }, 'Error recalculando puntuaciones');
  }
}

/** A concert that just appeared (created, approved, duplicated, a band linked): scores, then alerts. */
export const queueAppearance = (deps: AdminWriteDeps, trx: Database, concertIds: number[]) =>
  queueRescore(deps, trx, concertIds, { appeared: true });
