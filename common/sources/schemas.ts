// The sources' requests (/api/admin/sources): the server validates with them, the admin's screens
// check their forms with them.
import { z } from 'zod';
import { hourField, idParamsSchema, integerField, venueCreateSchema } from '../admin/schemas.js';
import { genreSchema, priceSchema } from '../concerts/fields.js';
import { messages, msg, requiredText, textSchema } from '../text/schemas.js';
import { isHttpUrl } from '../text/url.js';
import { SOURCE_NAME_MAX, SOURCE_URL_MAX } from './limits.js';

const urlField = textSchema({
  max: SOURCE_URL_MAX,
  tooLong: 'error.source.urlTooLong',
  notText: messages('error.source.urlMissing', 'error.source.urlInvalid'),
})
  .min(1, msg('error.source.urlMissing'))
  .refine((value) => isHttpUrl(value) || isFediverseHandle(value), msg('error.source.urlInvalid'));

/** '@agenda@gancio.example' (the first @ optional): a fediverse account to follow as a source. */
export const isFediverseHandle = (value: string) =>
  /^@?[\w.-]{1,64}@[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})*(:\d{1,5})?$/i.test(value);

const nameField = requiredText(
  SOURCE_NAME_MAX,
  'error.source.nameTooLong',
  'error.source.nameMissing',
  'error.source.nameNotText',
);

/** A default genre or venue; null (or blank) clears it. */
const optionalGenre = z.preprocess(
  (value) => (value === '' ? null : value),
  genreSchema.nullable(),
);
const optionalVenueId = z.preprocess(
  (value) => (value === '' ? null : value),
  integerField('error.venue.missing', 'error.venue.badChoice', 1).nullable(),
);

export const sourceCreateSchema = z.strictObject({
  url: urlField,
  name: nameField,
  /** "revisar antes de publicar" (true, the default) or "publicar directamente" (false). */
  review: z.boolean(msg('error.source.reviewFlag')).default(true),
  genre: optionalGenre.optional().transform((value) => value ?? null),
  venueId: optionalVenueId.optional().transform((value) => value ?? null),
});

export const sourceUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    review: z.boolean(msg('error.source.reviewFlag')).optional(),
    genre: optionalGenre.optional(),
    venueId: optionalVenueId.optional(),
    /** Pausing stops its scheduled runs; un-pausing starts the failure count again. */
    paused: z.boolean(msg('error.source.pausedFlag')).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, msg('error.admin.nothingToChange'));

export const sourceIdParamsSchema = idParamsSchema;

/** What an admin adds to a waiting event to publish it: what it lacked, or a correction. */
export const waitingApproveSchema = z
  .strictObject({
    hour: hourField.optional(),
    venueId: integerField('error.venue.missing', 'error.venue.badChoice', 1).optional(),
    newVenue: venueCreateSchema.optional(),
    genre: genreSchema.optional(),
    price: priceSchema.optional(),
  })
  .refine(
    (value) => value.venueId === undefined || value.newVenue === undefined,
    msg('error.concert.oneVenue'),
  );

export type SourceCreateInput = z.infer<typeof sourceCreateSchema>;
export type SourceUpdateInput = z.infer<typeof sourceUpdateSchema>;
export type WaitingApproveInput = z.infer<typeof waitingApproveSchema>;
