// Request schemas of the band submissions: the public form ('Publica tus conciertos', sent as
// multipart, so every value is text) and the moderation queue of the admin API.
import { z } from 'zod';
import { ADMIN_URL_MAX, HOUR_PATTERN, INT_MAX, isCalendarDay, isImageUrl } from './admin-rules.js';
import { genreSchema, priceSchema } from './admin.js';
import { EMAIL_MAX, EMAIL_PATTERN } from './rules.js';
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
} from './submission-rules.js';
import { messages, optionalAddress, optionalText, requiredText, textSchema } from './text.js';

export * from './submission-rules.js';

const BAD_VENUE_ID = 'La sala elegida no es válida.';

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

const BAD_DAY = 'El día debe tener el formato aaaa-mm-dd.';
const BAD_HOUR = 'La hora debe tener el formato HH:mm.';
const BAD_SPOTIFY = 'El enlace de Spotify debe ser una dirección https de spotify.com.';

/** The fields of a submission, shared by the public form and the admin's edit. */
const fields = {
  bandName: requiredText(
    SUBMISSION_NAME_MAX,
    'El nombre de la banda es demasiado largo.',
    'Indica el nombre de la banda.',
    'El nombre debe ser un texto.',
  ),
  email: textSchema({
    max: EMAIL_MAX,
    tooLong: 'El email es demasiado largo.',
    notText: 'Indica un email de contacto.',
  }).regex(EMAIL_PATTERN, 'Indica un email de contacto válido.'),
  spotifyUrl: optionalAddress(
    SUBMISSION_URL_MAX,
    'El enlace de Spotify es demasiado largo.',
    BAD_SPOTIFY,
    isSpotifyUrl,
  ),
  genre: genreSchema,
  day: z
    .string(messages('Indica el día del concierto.', BAD_DAY))
    .max(10, { error: BAD_DAY, abort: true })
    .refine(isCalendarDay, BAD_DAY),
  hour: z
    .string(messages('Indica la hora del concierto.', BAD_HOUR))
    .max(8, { error: BAD_HOUR, abort: true })
    .regex(HOUR_PATTERN, BAD_HOUR)
    .transform((value) => value.slice(0, 5)),
  venueId: venueIdSchema,
  venueName: optionalText(SUBMISSION_NAME_MAX, 'El nombre de la sala es demasiado largo.'),
  venueTown: optionalText(SUBMISSION_TOWN_MAX, 'El nombre del municipio es demasiado largo.'),
  price: priceSchema,
  description: optionalText(SUBMISSION_TEXT_MAX, 'El texto es demasiado largo.', true),
};

export const VENUE_MISSING =
  'Elige una sala de la lista o escribe el nombre y el municipio de la sala nueva.';

/** A venue of the list, or a new one with its name and town. */
export const hasVenue = (value: {
  venueId: number | null;
  venueName: string | null;
  venueTown: string | null;
}) => value.venueId !== null || (value.venueName !== null && value.venueTown !== null);

/** POST /api/submissions (multipart; the image travels as the file part 'image'). */
export const submissionFormSchema = z
  .strictObject({
    ...fields,
    // The honeypot: checked by the service (a bot's answer must not differ from a person's 400).
    website: z.string().max(SUBMISSION_NAME_MAX).optional(),
    formToken: z
      .string('El formulario ha caducado. Recarga la página y vuelve a enviarlo.')
      .max(SUBMISSION_TOKEN_MAX, {
        error: 'El formulario ha caducado. Recarga la página y vuelve a enviarlo.',
        abort: true,
      }),
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
      'La URL de la imagen es demasiado larga.',
      'La URL de la imagen no es válida.',
      (value) => isImageUrl(value) || PRIVATE_SUBMISSION_IMAGE_PATTERN.test(value),
    ),
  })
  .refine(hasVenue, { error: VENUE_MISSING, path: ['venueName'] });

export const submissionRejectSchema = z.strictObject({
  reason: textSchema({
    max: SUBMISSION_REASON_MAX,
    tooLong: 'El motivo es demasiado largo.',
    notText: 'Indica el motivo del rechazo.',
    multiline: true,
  }).min(1, 'Indica el motivo del rechazo.'),
});

export const submissionListSchema = z.strictObject({
  status: z.enum(SUBMISSION_STATUSES, 'Estado desconocido.').default('pending'),
});

export const submissionIdSchema = z.strictObject({
  id: z
    .string()
    .max(10, { error: 'La propuesta no existe.', abort: true })
    .regex(/^\d+$/, 'La propuesta no existe.')
    .transform(Number)
    .refine((value) => value >= 1 && value <= INT_MAX, 'La propuesta no existe.'),
});

const BAD_LINK = 'El enlace no es válido o ha caducado.';

/** POST /api/submissions/confirm: the token of the link mailed to the contact address. */
export const submissionConfirmSchema = z.strictObject({
  token: z.string(BAD_LINK).max(100, { error: BAD_LINK, abort: true }).min(1, BAD_LINK),
});

/** GET /api/admin/submissions/images/:file: a waiting submission's picture. */
export const submissionImageSchema = z.strictObject({
  file: z.string().regex(/^[0-9a-f]{32}\.webp$/, 'Imagen no encontrada.'),
});

export type SubmissionFormInput = z.infer<typeof submissionFormSchema>;
export type SubmissionEditInput = z.infer<typeof submissionEditSchema>;
