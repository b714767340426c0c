// Request schemas of the admin API: the server validates with them, and the admin screens check
// their forms with the same schemas before sending (client/src/lib/parseDraft.ts).
import { z } from 'zod';
import {
  ADMIN_DESCRIPTION_MAX,
  ADMIN_NAME_MAX,
  ADMIN_URL_MAX,
  HOUR_PATTERN,
  INT_MAX,
  PRICE_MAX,
  PRICE_PATTERN,
  SEARCH_QUERY_MAX,
  isCalendarDay,
  isHttpUrl,
  isImageUrl,
  MAX_CONCERT_BANDS,
} from './admin-rules.js';
import { GENRES } from './genres.js';
import {
  boundedArray,
  messages,
  optionalAddress,
  optionalText,
  requiredText,
  textSchema,
} from './text.js';

export * from './admin-rules.js';

// Zod's own messages (unknown key and the like) in Spanish too.
z.config(z.locales.es());

/** An integer id sent as a JSON number or as digits (forms and scripts send either). */
function integerField(missing: string, invalid: string, min: number) {
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
  'La URL de la imagen es demasiado larga.',
  'La URL de la imagen no es válida.',
  isImageUrl,
);

const NOTHING_TO_CHANGE = 'No hay nada que cambiar.';

export const genreSchema = z.enum(GENRES, messages('Elige un género.', 'Género desconocido.'));

const NEGATIVE_PRICE = 'El precio no puede ser negativo.';
const BAD_PRICE = 'El precio debe ser un número con como mucho 2 decimales.';

/** Euros as the exact decimal text we store (numeric(8,2)); never added up as floats. */
export const priceSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  textSchema({ max: 20, tooLong: BAD_PRICE, notText: messages('Indica el precio.', BAD_PRICE) })
    .min(1, 'Indica el precio.')
    .refine((value) => !value.startsWith('-'), NEGATIVE_PRICE)
    .refine((value) => PRICE_PATTERN.test(value), BAD_PRICE)
    .refine((value) => Number(value) <= PRICE_MAX, 'El precio es demasiado alto.'),
);

/**
 * An optional number within a range (coordinates), sent as a number or as text. Blank or null means
 * "none" (null), so an edit can clear it; absent leaves it as it is.
 */
function optionalNumber(min: number, max: number, invalid: string) {
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
    'El nombre de la sala es demasiado largo.',
    'Indica el nombre de la sala.',
    'El nombre de la sala debe ser un texto.',
  ),
  town: requiredText(
    ADMIN_NAME_MAX,
    'El municipio es demasiado largo.',
    'Indica el municipio de la sala.',
    'El municipio debe ser un texto.',
  ),
  address: optionalText(ADMIN_NAME_MAX, 'La dirección es demasiado larga.'),
  website: optionalAddress(
    ADMIN_URL_MAX,
    'La web de la sala es demasiado larga.',
    'La web de la sala no es válida.',
    isHttpUrl,
  ),
  lat: optionalNumber(-90, 90, 'La latitud debe ser un número entre -90 y 90.'),
  lon: optionalNumber(-180, 180, 'La longitud debe ser un número entre -180 y 180.'),
};

export const venueCreateSchema = z.strictObject(venueFields);
export const venueUpdateSchema = z
  .strictObject(venueFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, NOTHING_TO_CHANGE);

const dayField = z
  .string(messages('Indica el día del concierto.', 'El día debe tener el formato aaaa-mm-dd.'))
  .refine(isCalendarDay, 'El día debe tener el formato aaaa-mm-dd.');
const hourField = z
  .string(messages('Indica la hora del concierto.', 'La hora debe tener el formato HH:mm.'))
  .regex(HOUR_PATTERN, 'La hora debe tener el formato HH:mm.')
  .transform((value) => value.slice(0, 5));

const bandNameSchema = requiredText(
  ADMIN_NAME_MAX,
  'El nombre de la banda es demasiado largo.',
  'Indica el nombre de la banda.',
  'El nombre debe ser un texto.',
);

const concertFields = {
  day: dayField,
  genre: genreSchema,
  /** A venue of the managed list (picked by name in the form; the id never shown). */
  venueId: integerField('Elige una sala.', 'La sala elegida no es válida.', 1).optional(),
  /** A venue added from the concert form (reused when one of that name exists). */
  newVenue: venueCreateSchema.optional(),
  hour: hourField,
  price: priceSchema,
  name: optionalText(ADMIN_NAME_MAX, 'El nombre es demasiado largo.'),
  description: optionalText(ADMIN_DESCRIPTION_MAX, 'La descripción es demasiado larga.', true),
  imageUrl: imageUrlSchema,
};

const ONE_VENUE = 'Elige una sala de la lista o añade una nueva (solo una).';
const oneVenue = (value: { venueId?: unknown; newVenue?: unknown }) =>
  (value.venueId === undefined) !== (value.newVenue === undefined);

export const concertCreateSchema = z
  .strictObject({
    ...concertFields,
    /** Bands of the list, by id (the form picks them by name). */
    bandIds: boundedArray(
      MAX_CONCERT_BANDS,
      'Demasiadas bandas.',
      z.array(integerField('Indica la banda.', 'La banda elegida no es válida.', 1)),
      'Las bandas deben ser una lista.',
    ).default([]),
    /** Bands by name: an existing band of that name (accents and case aside) or a new one. */
    bandNames: boundedArray(
      MAX_CONCERT_BANDS,
      'Demasiadas bandas.',
      z.array(bandNameSchema),
      'Las bandas deben ser una lista.',
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
    'La URL de Spotify es demasiado larga.',
    'La URL de Spotify no es válida.',
    isHttpUrl,
  ),
  genres: boundedArray(
    GENRES.length,
    'Demasiados géneros.',
    z
      .array(genreSchema, 'Los géneros deben ser una lista.')
      .refine((list) => new Set(list).size === list.length, 'Hay géneros repetidos.'),
    'Los géneros deben ser una lista.',
  ).default([]),
  imageUrl: imageUrlSchema,
});

export const linkCreateSchema = z.strictObject({
  concertId: integerField(
    'Elige el concierto que quieres vincular.',
    'El concierto elegido no es válido.',
    1,
  ),
  bandId: integerField('Elige la banda que quieres vincular.', 'La banda elegida no es válida.', 1),
});

const searchText = textSchema({
  max: SEARCH_QUERY_MAX,
  tooLong: 'La búsqueda es demasiado larga.',
  notText: 'La búsqueda debe ser un texto.',
}).optional();

export const concertSearchSchema = z.strictObject({
  q: searchText,
  day: z
    .string('La fecha debe tener el formato aaaa-mm-dd.')
    .max(10, { error: 'La fecha debe tener el formato aaaa-mm-dd.', abort: true })
    .refine(
      (value) => value === '' || isCalendarDay(value),
      'La fecha debe tener el formato aaaa-mm-dd.',
    )
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export const bandSearchSchema = z.strictObject({ q: searchText });

export const bandUpdateSchema = bandCreateSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, NOTHING_TO_CHANGE);

export const bandMergeSchema = z.strictObject({
  /** The band that stays; the one in the path goes into it. */
  intoId: integerField('Elige la banda que se queda.', 'La banda elegida no es válida.', 1),
});

/** A band linked to a concert in place: one of the list, or a name (found or created). */
export const concertBandSchema = z
  .strictObject({
    bandId: integerField('Elige una banda.', 'La banda elegida no es válida.', 1).optional(),
    name: bandNameSchema.optional(),
  })
  .refine(
    (value) => (value.bandId === undefined) !== (value.name === undefined),
    'Elige una banda de la lista o escribe su nombre.',
  );

export const concertDuplicateSchema = z.strictObject({
  day: dayField.optional(),
  hour: hourField.optional(),
});

const pageField = z.preprocess(
  (value) => (value === undefined || value === '' ? 1 : value),
  integerField('Indica la página.', 'La página debe ser un número entero positivo.', 1),
);

const flagField = z
  .enum(['true', 'false'], "Usa 'true' o 'false'.")
  .optional()
  .transform((value) => value === 'true');

const optionalDay = (message: string) =>
  z
    .string(message)
    .max(10, { error: message, abort: true })
    .refine((value) => value === '' || isCalendarDay(value), message)
    .optional()
    .transform((value) => (value ? value : undefined));

export const concertListSchema = z.strictObject({
  q: searchText,
  when: z
    .enum(['upcoming', 'past', 'all'], "El filtro de fechas debe ser 'upcoming', 'past' o 'all'.")
    .default('upcoming'),
  from: optionalDay('La fecha inicial debe tener el formato aaaa-mm-dd.'),
  to: optionalDay('La fecha final debe tener el formato aaaa-mm-dd.'),
  genre: z.preprocess((value) => (value === '' ? undefined : value), genreSchema.optional()),
  withoutBands: flagField,
  withoutImage: flagField,
  page: pageField,
});

export const bandListSchema = z.strictObject({ q: searchText, page: pageField });
export const venueListSchema = z.strictObject({ q: searchText });
export const auditListSchema = z.strictObject({ page: pageField });

export const idParamsSchema = z.strictObject({
  id: integerField('Falta el identificador.', 'El identificador debe ser un número entero.', 1),
});
export const concertBandParamsSchema = z.strictObject({
  id: integerField('Falta el identificador.', 'El identificador debe ser un número entero.', 1),
  bandId: integerField(
    'Falta el identificador de la banda.',
    'El identificador de la banda debe ser un número entero.',
    1,
  ),
});

export type ConcertCreateInput = z.infer<typeof concertCreateSchema>;
export type BandCreateInput = z.infer<typeof bandCreateSchema>;
export type LinkCreateInput = z.infer<typeof linkCreateSchema>;
export type ConcertSearchInput = z.infer<typeof concertSearchSchema>;
export type BandSearchInput = z.infer<typeof bandSearchSchema>;
export type VenueInput = z.infer<typeof venueCreateSchema>;
export type VenueUpdateInput = z.infer<typeof venueUpdateSchema>;
export type ConcertUpdateInput = z.infer<typeof concertUpdateSchema>;
export type BandUpdateInput = z.infer<typeof bandUpdateSchema>;
export type ConcertBandInput = z.infer<typeof concertBandSchema>;
export type ConcertDuplicateInput = z.infer<typeof concertDuplicateSchema>;
export type ConcertListInput = z.infer<typeof concertListSchema>;
