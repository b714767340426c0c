// What the admin's writes share: the dependencies, the 404 and 409 answers, and the work done
// after a commit (scores, change notices, artist alerts).
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { ServerMessageId } from '../../../common/i18n/catalogues.js';
import { AppError } from '../../lib/errors.js';
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
import { sendChangeNotices } from './notice-sender.js';

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
