// Request schemas of the band submissions: the public form ('Publica tus conciertos', sent as
// multipart, so every value is text) and the moderation queue of the admin API. The public page
// keeps to limits.ts and loads these only to check its form; the answers are in responses.ts.
import { z } from 'zod';
import { ADMIN_URL_MAX } from '../admin/limits.js';
import { INT_MAX } from '../api/limits.js';
import { genreSchema, priceSchema } from '../concerts/fields.js';
import { HOUR_PATTERN, isCalendarDay } from '../concerts/limits.js';
import { EMAIL_MAX, EMAIL_PATTERN } from '../text/limits.js';
import {
  messages,
  msg,
  optionalAddress,
  optionalText,
  requiredText,
  textSchema,
} from '../text/schemas.js';
import { isHttpUrl } from '../text/url.js';
import { isImageUrl } from '../uploads/limits.js';
import {
  SUBMISSION_NAME_MAX,
  SUBMISSION_REASON_MAX,
  SUBMISSION_STATUSES,
  SUBMISSION_TEXT_MAX,
  SUBMISSION_TOKEN_MAX,
  SUBMISSION_TOWN_MAX,
  SUBMISSION_URL_MAX,
  PRIVATE_SUBMISSION_IMAGE_PATTERN,
  isSpotifyUrl,
} from './limits.js';

const BAD_VENUE_ID = msg('error.venue.badChoice');

/** A venue id of the list as digits (a form) or a number (a script); blank means a new venue. */
const venueIdSchema = z
  .union([z.string().max(12, { error: BAD_VENUE_ID, abort: true }), z.number()], {
    error: BAD_VENUE_ID,
  })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const number = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(number) || number < 1 || number > INT_MAX) {
      ctx.issues.push({ code: 'custom', message: BAD_VENUE_ID, input: value });
      return z.NEVER;
    }
    return number;
  });

const BAD_DAY = msg('error.concert.badDay');
const BAD_HOUR = msg('error.concert.badHour');
const BAD_SPOTIFY = msg('error.submission.spotifyInvalid');

/** The fields of a submission, shared by the public form and the admin's edit. */
const fields = {
  bandName: requiredText(
    SUBMISSION_NAME_MAX,
    'error.band.nameTooLong',
    'error.band.nameMissing',
    'error.band.nameNotText',
  ),
  email: textSchema({
    max: EMAIL_MAX,
    tooLong: 'error.email.tooLong',
    notText: 'error.submission.emailMissing',
  }).regex(EMAIL_PATTERN, msg('error.submission.emailInvalid')),
  spotifyUrl: optionalAddress(
    SUBMISSION_URL_MAX,
    'error.submission.spotifyTooLong',
    BAD_SPOTIFY,
    isSpotifyUrl,
  ),
  genre: genreSchema,
  day: z
    .string(messages('error.concert.dayMissing', BAD_DAY))
    .max(10, { error: BAD_DAY, abort: true })
    .refine(isCalendarDay, BAD_DAY),
  hour: z
    .string(messages('error.concert.hourMissing', BAD_HOUR))
    .max(8, { error: BAD_HOUR, abort: true })
    .regex(HOUR_PATTERN, BAD_HOUR)
    .transform((value) => value.slice(0, 5)),
  venueId: venueIdSchema,
  venueName: optionalText(SUBMISSION_NAME_MAX, 'error.venue.nameTooLong'),
  venueTown: optionalText(SUBMISSION_TOWN_MAX, 'error.submission.townTooLong'),
  price: priceSchema,
  /** Where tickets are sold ("Entradas"), optional. */
  ticketUrl: optionalAddress(
    SUBMISSION_URL_MAX,
    'error.concert.ticketUrlTooLong',
    'error.concert.ticketUrlInvalid',
    isHttpUrl,
  ),
  description: optionalText(SUBMISSION_TEXT_MAX, 'error.submission.textTooLong', true),
};

export const VENUE_MISSING = msg('error.submission.venueMissing');

/** A venue of the list, or a new one with its name and town. */
export const hasVenue = (value: {
  venueId: number | null;
  venueName: string | null;
  venueTown: string | null;
}) => value.venueId !== null || (value.venueName !== null && value.venueTown !== null);

const FORM_EXPIRED = msg('error.submission.expired');

/** POST /api/submissions (multipart; the image travels as the file part 'image'). */
export const submissionFormSchema = z
  .strictObject({
    ...fields,
    // The honeypot: checked by the service (a bot's answer must not differ from a person's 400).
    website: z.string().max(SUBMISSION_NAME_MAX).optional(),
    formToken: z
      .string(FORM_EXPIRED)
      .max(SUBMISSION_TOKEN_MAX, { error: FORM_EXPIRED, abort: true }),
  })
  .refine(hasVenue, { error: VENUE_MISSING, path: ['venueName'] });

/**
 * PUT /api/admin/submissions/:id: the admin's corrected version, every field (an optional one left
 * out or blank is cleared), and the picture's address (an upload of ours, an http(s) URL, or the
 * submission's own picture while it waits).
 */
export const submissionEditSchema = z
  .strictObject({
    ...fields,
    imageUrl: optionalAddress(
      ADMIN_URL_MAX,
      'error.image.urlTooLong',
      'error.image.urlInvalid',
      (value) => isImageUrl(value) || PRIVATE_SUBMISSION_IMAGE_PATTERN.test(value),
    ),
  })
  .refine(hasVenue, { error: VENUE_MISSING, path: ['venueName'] });

export const submissionRejectSchema = z.strictObject({
  reason: textSchema({
    max: SUBMISSION_REASON_MAX,
    tooLong: 'error.submission.reasonTooLong',
    notText: 'error.submission.reasonMissing',
    multiline: true,
  }).min(1, msg('error.submission.reasonMissing')),
});

export const submissionListSchema = z.strictObject({
  status: z.enum(SUBMISSION_STATUSES, msg('error.submission.unknownStatus')).default('pending'),
});

const NO_SUBMISSION = msg('error.submission.notFound');
export const submissionIdSchema = z.strictObject({
  id: z
    .string()
    .max(10, { error: NO_SUBMISSION, abort: true })
    .regex(/^\d+$/, NO_SUBMISSION)
    .transform(Number)
    .refine((value) => value >= 1 && value <= INT_MAX, NO_SUBMISSION),
});

const BAD_LINK = msg('error.link.invalidOrExpired');

/** POST /api/submissions/confirm: the token of the link mailed to the contact address. */
export const submissionConfirmSchema = z.strictObject({
  token: z.string(BAD_LINK).max(100, { error: BAD_LINK, abort: true }).min(1, BAD_LINK),
});

/** GET /api/admin/submissions/images/:file: a waiting submission's picture. */
export const submissionImageSchema = z.strictObject({
  file: z.string().regex(/^[0-9a-f]{32}\.webp$/, msg('error.image.notFound')),
});
