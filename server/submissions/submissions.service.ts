// The public side of 'Publica tus conciertos': the form's token and venues, and a submission
// checked against the spam rules before anything is stored.
import type { SubmissionFormInput, SubmissionFormResponse } from '../../common/submissions.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { AppError, badRequest, RateLimitedError } from '../lib/errors.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { hit, normalizeEmailKey, TOO_MANY_MESSAGE } from '../security/rate-limit.js';
import { storeImage } from '../uploads/image-store.js';
import { checkFormToken, issueFormToken } from './form-token.js';
import { resolveVenueFields } from './venue-fields.js';
import { insertSubmission, listVenueNames } from './submissions.repository.js';

/** Submissions per contact email and day, whatever the address they come from. */
export const SUBMISSIONS_PER_EMAIL_PER_DAY = 5;

export const SPAM_MESSAGE =
  'No hemos podido aceptar el formulario. Recarga la página y vuelve a enviarlo.';
export const TOO_FAST_MESSAGE =
  'Has enviado el formulario demasiado rápido. Revisa los datos y vuelve a enviarlo en unos segundos.';
export const EXPIRED_MESSAGE = 'El formulario ha caducado. Recarga la página y vuelve a enviarlo.';
export const PAST_DAY_MESSAGE = 'La fecha del concierto ya ha pasado.';

interface Deps {
  db: Database;
  config: Config;
  clock: Clock;
}

export async function submissionForm(deps: Deps): Promise<SubmissionFormResponse> {
  const venues = await listVenueNames(deps.db);
  return { token: issueFormToken(deps.config.sessionSecret, deps.clock()), venues };
}

/** Refuses what a bot sends: a filled honeypot, a form sent too fast, a forged or stale token. */
function assertSentByPerson(deps: Deps, input: SubmissionFormInput): void {
  if (input.website) throw new AppError('spam_suspected', 400, SPAM_MESSAGE);
  const check = checkFormToken(
    deps.config.sessionSecret,
    input.formToken,
    deps.clock(),
    deps.config.submissions.minFillSeconds,
  );
  if (check === 'too_fast') throw new AppError('too_fast', 400, TOO_FAST_MESSAGE);
  if (check !== 'ok') throw new AppError('form_expired', 400, EXPIRED_MESSAGE);
}

/** Stores the submission (and its picture) as pending; answers its id. */
export async function createSubmission(
  deps: Deps,
  input: SubmissionFormInput,
  image: Buffer | undefined,
): Promise<number> {
  assertSentByPerson(deps, input);
  if (input.day < madridDateTime(deps.clock()).day) throw badRequest(PAST_DAY_MESSAGE);
  const venue = await resolveVenueFields(deps.db, input);
  // Counted only for a submission that passed every other check, so typos cost nothing.
  const wait = await hit(
    deps.db,
    `submission-email:${normalizeEmailKey(input.email)}`,
    SUBMISSIONS_PER_EMAIL_PER_DAY,
    24 * 60 * 60,
  );
  if (wait > 0) throw new RateLimitedError('rate_limited', TOO_MANY_MESSAGE, wait);
  const imageUrl = image ? await storeImage(deps.config.dataDir, image) : null;
  return insertSubmission(deps.db, {
    band_name: input.bandName,
    contact_email: input.email,
    spotify_url: input.spotifyUrl,
    genre: input.genre,
    day: input.day,
    hour: input.hour,
    ...venue,
    price: input.price,
    description: input.description,
    image_url: imageUrl,
  });
}
