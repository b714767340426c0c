// The moderation queue in /admin: list, correct, approve (the band, the venue and the concert are
// made or reused, then the band is told by mail with the concert's address), reject with a
// reason (also mailed) or reject as spam (no mail). Only a confirmed contact address is mailed.
import type { SubmissionStatus } from '../../common/submissions/limits.js';
import type {
  SubmissionDto,
  SubmissionEditInput,
  SubmissionListResponse,
  SubmissionReviewResponse,
} from '../../common/submissions/types.js';
import { isGenre, type Genre } from '../../common/genres/genres.js';
import type { Actor } from '../admin/writes/audit.js';
import {
  afterConcertWrite,
  queueAppearance,
  type AdminWriteDeps,
} from '../admin/writes/concert-writes.js';
import { insertConcertWithAudit } from '../admin/concerts/concerts-admin.service.js';
import { findVenueByName } from '../admin/venues/venues-admin.repository.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { ServerTranslate } from '../i18n/intl.js';
import { AppError, badRequest, notFound } from '../lib/errors.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { deleteWaitingImage, isWaitingImage, withPublishedImage } from './submission-images.js';
import { submissionApprovedMail, submissionRejectedMail } from './submission-mails.js';
import { toSubmissionDto } from './submissions.dto.js';
import {
  findBandIdByName,
  findConfirmedSubmission,
  findSubmissionForUpdate,
  findVenueById,
  insertBandIfNew,
  insertVenue,
  listSubmissions,
  markReviewed,
  updateSubmissionFields,
  type SubmissionRow,
} from './submissions.repository.js';
import { submissionFields } from './submission-fields.js';

/** The queue shows this many at a time; the oldest pending ones come first. */
export const LIST_LIMIT = 100;

const NOT_FOUND = 'error.submission.notFound';
const ALREADY_REVIEWED = 'error.submission.alreadyReviewed';
const RETRY = 'error.submission.changedWhileApproving';
const UNKNOWN_GENRE = 'error.submission.genreGone';

type Deps = AdminWriteDeps & { config: Config };

export async function submissionList(
  db: Database,
  status: SubmissionStatus,
): Promise<SubmissionListResponse> {
  return { submissions: (await listSubmissions(db, status, LIST_LIMIT)).map(toSubmissionDto) };
}

/** One submission, reviewed or not; one its sender has not confirmed is not in the queue yet. */
export async function submissionById(db: Database, id: number): Promise<SubmissionDto> {
  const row = await findConfirmedSubmission(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toSubmissionDto(row);
}

/** The pending submission, locked for the rest of the transaction. */
async function pendingForUpdate(db: Database, id: number): Promise<SubmissionRow> {
  const row = await findSubmissionForUpdate(db, id);
  // One its sender has not confirmed is not in the queue yet.
  if (!row || row.status === 'unconfirmed') throw notFound(NOT_FOUND);
  if (row.status !== 'pending') throw new AppError('conflict', 409, ALREADY_REVIEWED);
  return row;
}

const BAD_IMAGE = 'error.image.urlInvalid';

export async function editSubmission(deps: Deps, id: number, input: SubmissionEditInput) {
  const { dto, replaced } = await deps.db.transaction().execute(async (trx) => {
    const row = await pendingForUpdate(trx, id);
    // A waiting picture is only ever this submission's own.
    if (isWaitingImage(input.imageUrl) && input.imageUrl !== row.image_url) {
      throw badRequest(BAD_IMAGE);
    }
    const emailChanged = input.email.toLowerCase() !== row.contact_email.toLowerCase();
    await updateSubmissionFields(trx, id, {
      ...(await submissionFields(trx, input)),
      image_url: input.imageUrl,
      // A new address was confirmed by nobody: the review mails nobody.
      ...(emailChanged ? { confirmed_at: null } : {}),
    });
    const replaced = row.image_url !== input.imageUrl ? row.image_url : null;
    return { dto: toSubmissionDto(await pendingForUpdate(trx, id)), replaced };
  });
  await deleteWaitingImage(deps.config.dataDir, replaced);
  return dto;
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

/** What a review mail says of the submission, in the language its form was filled in. */
const reviewedOf = (row: SubmissionRow) => ({
  bandName: row.band_name,
  day: row.day,
  locale: row.locale,
});

/**
 * Sends a review mail to a confirmed address; a failure is logged and reported, the review
 * stands. An address nobody confirmed is not mailed.
 */
async function tell(
  deps: Deps,
  row: SubmissionRow,
  mail: OutgoingMail,
): Promise<SubmissionReviewResponse['mail']> {
  if (row.confirmed_at === null) return 'none';
  try {
    await deps.mailer.send(mail);
    return 'sent';
  } catch (error) {
    deps.log.warn({ err: error }, 'No se pudo enviar el correo de la propuesta');
    return 'failed';
  }
}

/** The answers' texts are in the admin's language (`t`); the mails in the sender's. */
export async function approveSubmission(
  deps: Deps,
  id: number,
  actor: Actor,
  t: ServerTranslate,
): Promise<SubmissionReviewResponse> {
  const { row, concertId, rescore } = await deps.db.transaction().execute(async (trx) => {
    const row = await pendingForUpdate(trx, id);
    return withPublishedImage(deps.config.dataDir, row.image_url, async (imageUrl) => {
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
          imageUrl,
          ticketUrl: row.ticket_url,
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
      return { row, concertId, rescore: await queueAppearance(deps, trx, [concertId]) };
    });
  });
  await afterConcertWrite(deps, { rescore });
  await deleteWaitingImage(deps.config.dataDir, row.image_url);
  const url = `${deps.config.publicUrl}/conciertos/${concertId}`;
  const mail = await tell(
    deps,
    row,
    submissionApprovedMail(row.contact_email, reviewedOf(row), url),
  );
  return { message: reviewed(t, 'approved', mail, row.contact_email), concertId, mail };
}

/** A review's message: what was decided, and what happened to its mail. */
const reviewed = (
  t: ServerTranslate,
  review: 'approved' | 'rejected',
  mail: SubmissionReviewResponse['mail'],
  to: string,
) => t('answer.moderation.reviewed', { review, mail, to });

/** Closes a pending submission as rejected or spam; its waiting picture is deleted. */
async function closeSubmission(
  deps: Deps,
  id: number,
  review: { status: 'rejected' | 'spam'; reason: string | null; actor: Actor },
): Promise<SubmissionRow> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await pendingForUpdate(trx, id);
    await markReviewed(trx, id, {
      status: review.status,
      reason: review.reason,
      reviewed_by: review.actor.id,
      concert_id: null,
    });
    return row;
  });
  await deleteWaitingImage(deps.config.dataDir, row.image_url);
  return row;
}

export async function rejectSubmission(
  deps: Deps,
  id: number,
  reason: string,
  actor: Actor,
  t: ServerTranslate,
): Promise<SubmissionReviewResponse> {
  const row = await closeSubmission(deps, id, { status: 'rejected', reason, actor });
  const mail = await tell(
    deps,
    row,
    submissionRejectedMail(row.contact_email, reviewedOf(row), reason),
  );
  return { message: reviewed(t, 'rejected', mail, row.contact_email), concertId: null, mail };
}

/** Spam: closed without a word to the address it gave, which may be anyone's. */
export async function markSubmissionAsSpam(
  deps: Deps,
  id: number,
  actor: Actor,
  t: ServerTranslate,
): Promise<SubmissionReviewResponse> {
  await closeSubmission(deps, id, { status: 'spam', reason: null, actor });
  return { message: t('answer.moderation.spam'), concertId: null, mail: 'none' };
}
