// The moderation queue in /admin: list, correct, approve (the band, the venue and the concert are
// made or reused, then the band is told by mail with the concert's address) or reject with a
// reason (also mailed).
import type {
  SubmissionEditInput,
  SubmissionListResponse,
  SubmissionReviewResponse,
  SubmissionStatus,
} from '../../common/submissions.js';
import { isGenre, type Genre } from '../../common/genres.js';
import type { Actor } from '../admin/audit.js';
import { afterConcertWrite, type AdminWriteDeps } from '../admin/concert-writes.js';
import { queueRescore } from '../recommendations/concert-rescore.js';
import { insertConcertWithAudit } from '../admin/concerts-admin.service.js';
import { findVenueByName } from '../admin/venues-admin.repository.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { AppError, notFound } from '../lib/errors.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { submissionApprovedMail, submissionRejectedMail } from './submission-mails.js';
import { toSubmissionDto } from './submissions.dto.js';
import {
  findBandIdByName,
  findSubmissionForUpdate,
  findVenueById,
  insertBandIfNew,
  insertVenue,
  listSubmissions,
  markReviewed,
  updateSubmissionFields,
  type SubmissionRow,
} from './submissions.repository.js';
import { resolveVenueFields } from './venue-fields.js';

/** The queue shows this many at a time; the oldest pending ones come first. */
export const LIST_LIMIT = 100;

const NOT_FOUND = 'La propuesta no existe.';
const ALREADY_REVIEWED = 'Esta propuesta ya se ha revisado.';
const RETRY = 'La propuesta ha cambiado mientras se aprobaba. Vuelve a intentarlo.';
const UNKNOWN_GENRE = 'El género de la propuesta ya no existe: corrígelo antes de aprobarla.';

type Deps = AdminWriteDeps & { config: Config };

export async function submissionList(
  db: Database,
  status: SubmissionStatus,
): Promise<SubmissionListResponse> {
  return { submissions: (await listSubmissions(db, status, LIST_LIMIT)).map(toSubmissionDto) };
}

/** The pending submission, locked for the rest of the transaction. */
async function pendingForUpdate(db: Database, id: number): Promise<SubmissionRow> {
  const row = await findSubmissionForUpdate(db, id);
  if (!row) throw notFound(NOT_FOUND);
  if (row.status !== 'pending') throw new AppError('conflict', 409, ALREADY_REVIEWED);
  return row;
}

export function editSubmission(db: Database, id: number, input: SubmissionEditInput) {
  return db.transaction().execute(async (trx) => {
    await pendingForUpdate(trx, id);
    await updateSubmissionFields(trx, id, {
      band_name: input.bandName,
      contact_email: input.email,
      spotify_url: input.spotifyUrl,
      genre: input.genre,
      day: input.day,
      hour: input.hour,
      ...(await resolveVenueFields(trx, input)),
      price: input.price,
      description: input.description,
      image_url: input.imageUrl,
    });
    return toSubmissionDto(await pendingForUpdate(trx, id));
  });
}

/** What an insert that met a conflict must now find; a 409 if it was deleted again meanwhile. */
function mustExist<T>(found: T | undefined): T {
  if (found === undefined) throw new AppError('conflict', 409, RETRY);
  return found;
}

/** Stored genres came through the form's check; a genre renamed since must be corrected first. */
function genreOf(row: SubmissionRow): Genre {
  if (!isGenre(row.genre)) throw new AppError('conflict', 409, UNKNOWN_GENRE);
  return row.genre;
}

/** A band of that name (case and accents ignored), or a new one with the submission's details. */
async function bandIdFor(db: Database, row: SubmissionRow): Promise<number> {
  const known = await findBandIdByName(db, row.band_name);
  if (known !== undefined) return known;
  const created = await insertBandIfNew(db, {
    band_name: row.band_name,
    band_spotify_url: row.spotify_url,
    band_genres: [row.genre],
  });
  // undefined: another transaction added it between the lookup and the insert.
  return created ?? mustExist(await findBandIdByName(db, row.band_name));
}

/** The chosen venue, else one of that name (case and accents ignored), else a new one. */
async function venueFor(db: Database, row: SubmissionRow) {
  if (row.venue_id !== null) {
    const chosen = await findVenueById(db, row.venue_id);
    if (chosen) return chosen;
  }
  const known = await findVenueByName(db, row.venue_name);
  if (known) return known;
  const town = row.venue_town ?? '';
  const id = await insertVenue(db, { name: row.venue_name, town });
  return id === undefined
    ? mustExist(await findVenueByName(db, row.venue_name))
    : { id, name: row.venue_name, town };
}

/** Sends a review mail; a failure is logged and reported, the review stands. */
async function tell(deps: Deps, mail: OutgoingMail): Promise<boolean> {
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    deps.log.warn({ err: error }, 'No se pudo enviar el correo de la propuesta');
    return false;
  }
}

export async function approveSubmission(
  deps: Deps,
  id: number,
  actor: Actor,
): Promise<SubmissionReviewResponse> {
  const { row, concertId, rescore } = await deps.db.transaction().execute(async (trx) => {
    const row = await pendingForUpdate(trx, id);
    const bandId = await bandIdFor(trx, row);
    const venue = await venueFor(trx, row);
    // Through the admin's own create, so an approved concert is like any concert an admin adds
    // (audited, and scored for every fan once committed).
    const concertId = await insertConcertWithAudit(
      trx,
      {
        day: row.day,
        hour: row.hour,
        venueId: venue.id,
        genre: genreOf(row),
        price: row.price,
        name: null,
        description: row.description,
        imageUrl: row.image_url,
        bandIds: [bandId],
        bandNames: [],
      },
      actor,
    );
    await markReviewed(trx, id, {
      status: 'approved',
      reason: null,
      reviewed_by: actor.id,
      concert_id: concertId,
    });
    return { row, concertId, rescore: await queueRescore(deps, trx, [concertId]) };
  });
  await afterConcertWrite(deps, { rescore });
  const url = `${deps.config.publicUrl}/conciertos/${concertId}`;
  const mailed = await tell(
    deps,
    submissionApprovedMail(row.contact_email, row.band_name, row.day, url),
  );
  return {
    message: mailed
      ? `Propuesta aprobada: concierto ${concertId} creado y email enviado a ${row.contact_email}.`
      : `Propuesta aprobada: concierto ${concertId} creado, pero no se ha podido enviar el email a ${row.contact_email}.`,
    concertId,
    mailed,
  };
}

export async function rejectSubmission(
  deps: Deps,
  id: number,
  reason: string,
  actor: Actor,
): Promise<SubmissionReviewResponse> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await pendingForUpdate(trx, id);
    await markReviewed(trx, id, {
      status: 'rejected',
      reason,
      reviewed_by: actor.id,
      concert_id: null,
    });
    return row;
  });
  const mailed = await tell(
    deps,
    submissionRejectedMail(row.contact_email, row.band_name, row.day, reason),
  );
  return {
    message: mailed
      ? `Propuesta rechazada y email enviado a ${row.contact_email}.`
      : `Propuesta rechazada, pero no se ha podido enviar el email a ${row.contact_email}.`,
    concertId: null,
    mailed,
  };
}
