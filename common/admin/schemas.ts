// Request schemas of the admin API: the server validates with them, and the admin screens check
// their forms with the same schemas before sending (client/src/lib/parseDraft.ts). Their answers
// are in responses.ts, the types of both in types.ts.
import { z } from 'zod';
import { INT_MAX } from '../api/limits.js';
import { genreSchema, priceSchema } from '../concerts/fields.js';
import { HOUR_PATTERN, isCalendarDay } from '../concerts/limits.js';
import { GENRES } from '../genres/genres.js';
import type { MessageId } from '../i18n/catalogues.js';
import { isHttpUrl } from '../text/url.js';
import {
  boundedArray,
  messages,
  msg,
  optionalAddress,
  optionalText,
  requiredText,
  textSchema,
} from '../text/schemas.js';
import { isImageUrl } from '../uploads/limits.js';
import {
  ADMIN_DESCRIPTION_MAX,
  ADMIN_NAME_MAX,
  ADMIN_URL_MAX,
  MAX_CONCERT_BANDS,
  SEARCH_QUERY_MAX,
} from './limits.js';

/** An integer id sent as a JSON number or as digits (forms and scripts send either). */
export function integerField(missing: MessageId, invalid: MessageId, min: number) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' && value.length <= 20 && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : value,
    z.number(messages(missing, invalid)).int(invalid).min(min, invalid).max(INT_MAX, invalid),
  );
}

const imageUrlSchema = optionalAddress(
  ADMIN_URL_MAX,
  'error.image.urlTooLong',
  'error.image.urlInvalid',
  isImageUrl,
);

const NOTHING_TO_CHANGE = msg('error.admin.nothingToChange');

/**
 * An optional number within a range (coordinates), sent as a number or as text. Blank or null means
 * "none" (null), so an edit can clear it; absent leaves it as it is.
 */
function optionalNumber(min: number, max: number, invalid: MessageId) {
  return z.preprocess(
    (value) =>
      value === null || (typeof value === 'string' && value.trim() === '')
        ? null
        : typeof value === 'string' && value.length <= 30
          ? Number(value)
          : value,
    z.number(invalid).min(min, invalid).max(max, invalid).nullish(),
  );
}

const venueFields = {
  name: requiredText(
    ADMIN_NAME_MAX,
    'error.venue.nameTooLong',
    'error.venue.nameMissing',
    'error.venue.nameNotText',
  ),
  town: requiredText(
    ADMIN_NAME_MAX,
    'error.venue.townTooLong',
    'error.venue.townMissing',
    'error.venue.townNotText',
  ),
  address: optionalText(ADMIN_NAME_MAX, 'error.venue.addressTooLong'),
  website: optionalAddress(
    ADMIN_URL_MAX,
    'error.venue.websiteTooLong',
    'error.venue.websiteInvalid',
    isHttpUrl,
  ),
  lat: optionalNumber(-90, 90, 'error.venue.badLatitude'),
  lon: optionalNumber(-180, 180, 'error.venue.badLongitude'),
};

export const venueCreateSchema = z.strictObject(venueFields);
export const venueUpdateSchema = z
  .strictObject(venueFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, NOTHING_TO_CHANGE);

const dayField = z
  .string(messages('error.concert.dayMissing', 'error.concert.badDay'))
  .refine(isCalendarDay, msg('error.concert.badDay'));
export const hourField = z
  .string(messages('error.concert.hourMissing', 'error.concert.badHour'))
  .regex(HOUR_PATTERN, msg('error.concert.badHour'))
  .transform((value) => value.slice(0, 5));

const bandNameSchema = requiredText(
  ADMIN_NAME_MAX,
  'error.band.nameTooLong',
  'error.band.nameMissing',
  'error.band.nameNotText',
);

const concertFields = {
  day: dayField,
  genre: genreSchema,
  /** A venue of the managed list (picked by name in the form; the id never shown). */
  venueId: integerField('error.venue.missing', 'error.venue.badChoice', 1).optional(),
  /** A venue added from the concert form (reused when one of that name exists). */
  newVenue: venueCreateSchema.optional(),
  hour: hourField,
  price: priceSchema,
  name: optionalText(ADMIN_NAME_MAX, 'error.concert.nameTooLong'),
  description: optionalText(ADMIN_DESCRIPTION_MAX, 'error.concert.descriptionTooLong', true),
  imageUrl: imageUrlSchema,
  /** Where tickets are sold ("Entradas"). */
  ticketUrl: optionalAddress(
    ADMIN_URL_MAX,
    'error.concert.ticketUrlTooLong',
    'error.concert.ticketUrlInvalid',
    isHttpUrl,
  ),
};

const ONE_VENUE = msg('error.concert.oneVenue');
const oneVenue = (value: { venueId?: unknown; newVenue?: unknown }) =>
  (value.venueId === undefined) !== (value.newVenue === undefined);

export const concertCreateSchema = z
  .strictObject({
    ...concertFields,
    /** Bands of the list, by id (the form picks them by name). */
    bandIds: boundedArray(
      MAX_CONCERT_BANDS,
      'error.band.tooMany',
      z.array(integerField('error.band.missing', 'error.band.badChoice', 1)),
      'error.band.notList',
    ).default([]),
    /** Bands by name: an existing band of that name (accents and case aside) or a new one. */
    bandNames: boundedArray(
      MAX_CONCERT_BANDS,
      'error.band.tooMany',
      z.array(bandNameSchema),
      'error.band.notList',
    ).default([]),
  })
  .refine(oneVenue, ONE_VENUE);

export const concertUpdateSchema = z
  .strictObject(concertFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, NOTHING_TO_CHANGE)
  .refine((value) => value.venueId === undefined || value.newVenue === undefined, ONE_VENUE);

export const bandCreateSchema = z.strictObject({
  name: bandNameSchema,
  spotifyUrl: optionalAddress(
    ADMIN_URL_MAX,
    'error.band.spotifyTooLong',
    'error.band.spotifyInvalid',
    isHttpUrl,
  ),
  genres: boundedArray(
    GENRES.length,
    'error.genre.tooMany',
    z
      .array(genreSchema, msg('error.genre.notList'))
      .refine((list) => new Set(list).size === list.length, msg('error.genre.repeated')),
    'error.genre.notList',
  ).default([]),
  imageUrl: imageUrlSchema,
});

export const linkCreateSchema = z.strictObject({
  concertId: integerField('error.link.concertMissing', 'error.link.badConcert', 1),
  bandId: integerField('error.link.bandMissing', 'error.band.badChoice', 1),
});

const optionalDay = (message: MessageId) =>
  z
    .string(message)
    .max(10, { error: message, abort: true })
    .refine((value) => value === '' || isCalendarDay(value), message)
    .optional()
    .transform((value) => (value ? value : undefined));

const searchText = textSchema({
  max: SEARCH_QUERY_MAX,
  tooLong: 'error.admin.searchTooLong',
  notText: 'error.admin.searchNotText',
}).optional();

export const concertSearchSchema = z.strictObject({
  q: searchText,
  day: optionalDay('error.admin.badDate'),
});

export const bandSearchSchema = z.strictObject({ q: searchText });

export const bandUpdateSchema = bandCreateSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, NOTHING_TO_CHANGE);

export const bandMergeSchema = z.strictObject({
  /** The band that stays; the one in the path goes into it. */
  intoId: integerField('error.band.mergeInto', 'error.band.badChoice', 1),
});

/** A band linked to a concert in place: one of the list, or a name (found or created). */
export const concertBandSchema = z
  .strictObject({
    bandId: integerField('error.band.pick', 'error.band.badChoice', 1).optional(),
    name: bandNameSchema.optional(),
  })
  .refine(
    (value) => (value.bandId === undefined) !== (value.name === undefined),
    msg('error.band.pickOrName'),
  );

export const concertDuplicateSchema = z.strictObject({
  day: dayField.optional(),
  hour: hourField.optional(),
});

const pageField = z.preprocess(
  (value) => (value === undefined || value === '' ? 1 : value),
  integerField('error.admin.pageMissing', 'error.admin.badPage', 1),
);

const flagField = z
  .enum(['true', 'false'], msg('error.admin.badFlag'))
  .optional()
  .transform((value) => value === 'true');

export const concertListSchema = z.strictObject({
  q: searchText,
  when: z.enum(['upcoming', 'past', 'all'], msg('error.admin.badWhen')).default('upcoming'),
  from: optionalDay('error.admin.badFromDate'),
  to: optionalDay('error.admin.badToDate'),
  genre: z.preprocess((value) => (value === '' ? undefined : value), genreSchema.optional()),
  withoutBands: flagField,
  withoutImage: flagField,
  page: pageField,
});

export const bandListSchema = z.strictObject({ q: searchText, page: pageField });
export const venueListSchema = z.strictObject({ q: searchText });
export const auditListSchema = z.strictObject({ page: pageField });

const idField = integerField('error.admin.idMissing', 'error.admin.badId', 1);
export const idParamsSchema = z.strictObject({ id: idField });
export const concertBandParamsSchema = z.strictObject({
  id: idField,
  bandId: integerField('error.admin.bandIdMissing', 'error.admin.badBandId', 1),
});
