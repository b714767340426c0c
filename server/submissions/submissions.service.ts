// The public side of 'Publica tus conciertos': the form's token and venues; a submission checked
// against the spam rules, stored as unconfirmed and confirmed by a link mailed to its contact
// address before it reaches the moderation queue.
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import type { Locale } from '../../common/i18n/locales.js';
import type {
  SubmissionFormInput,
  SubmissionFormResponse,
} from '../../common/submissions/types.js';
import { SUBMISSION_CONFIRM_PATH } from '../../common/submissions/limits.js';
import { hashLinkToken, newLinkToken } from '../accounts/tokens.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { AppError, badRequest, RateLimitedError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import type { Mailer } from '../mail/mailer.js';
import { hit, normalizeEmailKey, TOO_MANY_MESSAGE } from '../security/rate-limit.js';
import { checkFormToken, issueFormToken } from './form-token.js';
import {
  CONFIRMATION_HOURS,
  submissionConfirmationMail,
  submissionToReviewMail,
} from './submission-mails.js';
import { findVerifiedAdmins } from '../accounts/users.repository.js';
import { deleteWaitingImage, storeSubmissionImage } from './submission-images.js';
import { submissionFields } from './submission-fields.js';
import {
  confirmSubmission,
  deleteSubmission,
  findConfirmedSubmission,
  insertUnconfirmedSubmission,
  listVenueNames,
  lockAndCountQueue,
  recordMailCapHit,
  releaseFormNonce,
  useFormNonce,
  type SubmissionFieldsRow,
} from './submissions.repository.js';

/** Submissions per contact email and day, whatever the address they come from. */
export const SUBMISSIONS_PER_EMAIL_PER_DAY = 5;

/**
 * A network's share of the queue (an IPv4 address, or an IPv6 /48): at most this many
 * unconfirmed submissions at once (a band sends one per concert, and confirms each from its
 * mail)...
 */
export const UNCONFIRMED_PER_NETWORK = 5;
/** ...and at most this many waiting in all, confirmed or not (5% of the default queue). */
export const WAITING_PER_NETWORK = 25;

export const SPAM_MESSAGE = 'error.submission.spam';
export const TOO_FAST_MESSAGE = 'error.submission.tooFast';
export const EXPIRED_MESSAGE = 'error.submission.expired';
export const USED_MESSAGE = 'error.submission.used';
export const PAST_DAY_MESSAGE = 'error.submission.pastDay';
export const QUEUE_FULL_MESSAGE = 'error.submission.queueFull';
export const MAIL_FAILED_MESSAGE = 'error.submission.mailFailed';
export const NETWORK_SHARE_MESSAGE = 'error.submission.networkShare';
export const MAIL_CAP_MESSAGE = 'error.submission.mailCap';
export const BAD_CONFIRM_LINK = 'error.submission.badConfirmLink';

const CONFIRMATION_MS = CONFIRMATION_HOURS * 60 * 60 * 1000;

interface Deps {
  db: Database;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
}

export async function submissionForm(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
): Promise<SubmissionFormResponse> {
  const venues = await listVenueNames(deps.db);
  return { token: issueFormToken(deps.config.sessionSecret, deps.clock()), venues };
}

/**
 * Refuses what a bot sends: a filled honeypot, a form sent too fast, a forged or stale token.
 * Answers the token's nonce, which the stored submission uses up.
 */
function assertSentByPerson(deps: Deps, input: SubmissionFormInput): string {
  if (input.website) throw new AppError('spam_suspected', 400, SPAM_MESSAGE);
  const check = checkFormToken(
    deps.config.sessionSecret,
    input.formToken,
    deps.clock(),
    deps.config.submissions.minFillSeconds,
  );
  if (check.result === 'too_fast') throw new AppError('too_fast', 400, TOO_FAST_MESSAGE);
  if (check.result !== 'ok') throw new AppError('form_expired', 400, EXPIRED_MESSAGE);
  return check.nonce;
}

/** Counted only for a submission that passed every other check, so typos cost nothing. */
async function countAgainstEmail(db: Database, email: string): Promise<void> {
  const key = `submission-email:${normalizeEmailKey(email)}`;
  const wait = await hit(db, key, SUBMISSIONS_PER_EMAIL_PER_DAY, 24 * 60 * 60);
  if (wait > 0) throw new RateLimitedError('rate_limited', TOO_MANY_MESSAGE, wait);
}

/** The hourly cap on confirmation mails, across every sender and instance. */
const MAIL_CAP_KEY = 'submission-confirmation-mails';

/**
 * Stores the submission, unconfirmed, using up the form's token's nonce; answers its id, or the
 * seconds to wait when the hourly cap on confirmation mails is used up (the caller records it:
 * this transaction's writes are its own). Refuses it when the queue of confirmed submissions is
 * full, or its network already holds its share.
 */
function storeUnconfirmed(
  deps: Deps,
  nonce: string,
  row: SubmissionFieldsRow & { confirm_token_hash: string; locale: Locale; network: string },
): Promise<{ id: number } | { capWait: number }> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await useFormNonce(trx, nonce))) throw new AppError('form_used', 400, USED_MESSAGE);
    const counts = await lockAndCountQueue(
      trx,
      row.network,
      new Date(now.getTime() - CONFIRMATION_MS),
    );
    if (counts.pending >= deps.config.submissions.queueMax) {
      throw new AppError('queue_full', 503, QUEUE_FULL_MESSAGE, 3600);
    }
    if (
      counts.networkUnconfirmed >= UNCONFIRMED_PER_NETWORK ||
      counts.networkWaiting >= WAITING_PER_NETWORK
    ) {
      throw new RateLimitedError('network_share', NETWORK_SHARE_MESSAGE, 3600);
    }
    // Counted last, so only a submission that would be stored spends a mail of the hour.
    const capWait = await hit(
      trx,
      MAIL_CAP_KEY,
      deps.config.submissions.confirmationMailsPerHour,
      3600,
    );
    if (capWait > 0) {
      // Refused, so its form may be sent again once the hour is over.
      await releaseFormNonce(trx, nonce);
      return { capWait };
    }
    return { id: await insertUnconfirmedSubmission(trx, { ...row, created_at: now }) };
  });
}

/** Undoes a stored submission whose confirmation mail could not go: the form may be sent again. */
async function forget(deps: Deps, id: number, nonce: string, imageUrl: string | null) {
  await deleteSubmission(deps.db, id);
  await releaseFormNonce(deps.db, nonce);
  await deleteWaitingImage(deps.config.dataDir, imageUrl);
}

/**
 * Stores the submission (its picture kept private) and mails the confirmation link to its
 * contact address, in the form's language. When that mail cannot go, nothing is kept.
 */
export async function createSubmission(
  deps: Deps,
  input: SubmissionFormInput,
  image: Buffer | undefined,
  from: { locale: Locale; network: string },
): Promise<void> {
  const { locale, network } = from;
  const nonce = assertSentByPerson(deps, input);
  if (input.day < madridDateTime(deps.clock()).day) throw badRequest(PAST_DAY_MESSAGE);
  const fields = await submissionFields(deps.db, input);
  await countAgainstEmail(deps.db, input.email);
  const imageUrl = image ? await storeSubmissionImage(deps.config.dataDir, image) : null;
  const token = newLinkToken();
  let stored: Awaited<ReturnType<typeof storeUnconfirmed>>;
  try {
    stored = await storeUnconfirmed(deps, nonce, {
      ...fields,
      image_url: imageUrl,
      confirm_token_hash: hashLinkToken(token),
      locale,
      network,
    });
  } catch (error) {
    await deleteWaitingImage(deps.config.dataDir, imageUrl);
    throw error;
  }
  if ('capWait' in stored) {
    await deleteWaitingImage(deps.config.dataDir, imageUrl);
    await recordMailCapHit(deps.db, deps.clock());
    deps.log.warn('Tope de correos de confirmación por hora alcanzado');
    throw new AppError('mail_cap', 503, MAIL_CAP_MESSAGE, stored.capWait);
  }
  const { id } = stored;
  const url = `${deps.config.publicUrl}${SUBMISSION_CONFIRM_PATH}#token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(submissionConfirmationMail(input.email, url, locale));
  } catch (error) {
    deps.log.warn({ err: error }, 'No se pudo enviar el correo de confirmación de la propuesta');
    await forget(deps, id, nonce, imageUrl);
    throw new AppError('mail_failed', 503, MAIL_FAILED_MESSAGE, 60);
  }
}

/** The address of a submission's review page in /admin. */
const submissionReviewUrl = (publicUrl: string, id: number) =>
  `${publicUrl}/admin/propuestas/${id}`;

/**
 * Tells every admin with a verified address that a submission waits for review. Best effort:
 * the confirmation stands whatever happens here, and a failure is logged without the address.
 */
async function mailAdminsToReview(deps: Deps, id: number): Promise<void> {
  try {
    const [submission, admins] = await Promise.all([
      findConfirmedSubmission(deps.db, id),
      findVerifiedAdmins(deps.db),
    ]);
    if (!submission) return;
    const about = {
      bandName: submission.band_name,
      day: submission.day,
      venueName: submission.venue_name,
    };
    const url = submissionReviewUrl(deps.config.publicUrl, id);
    for (const admin of admins) {
      try {
        await deps.mailer.send(submissionToReviewMail(admin, about, url));
      } catch (error) {
        // The SMTP answer's code only: its text may hold the address.
        const smtpCode = (error as { responseCode?: unknown }).responseCode;
        deps.log.warn({ submissionId: id, smtpCode }, 'No se pudo avisar a un administrador');
      }
    }
  } catch (error) {
    deps.log.warn({ err: error, submissionId: id }, 'No se pudo avisar a los administradores');
  }
}

/** The confirmation link was opened: the submission joins the moderation queue. */
export async function confirmSubmissionLink(deps: Deps, token: string): Promise<ServerMessageId> {
  const now = deps.clock();
  const createdAfter = new Date(now.getTime() - CONFIRMATION_MS);
  const confirmed = await confirmSubmission(deps.db, hashLinkToken(token), { createdAfter, now });
  if (!confirmed) throw badRequest(BAD_CONFIRM_LINK);
  if (confirmed.outcome === 'already') {
    return 'answer.submission.alreadyConfirmed';
  }
  await mailAdminsToReview(deps, confirmed.id);
  return 'answer.submission.confirmed';
}
