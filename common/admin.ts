// Request schemas of the admin API (server-side only: the client validates by hand, without zod).
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
} from './admin-rules.js';
import { GENRES } from './genres.js';
import { boundedArray, textSchema } from './text.js';

export * from './admin-rules.js';

// Zod's own messages (unknown key and the like) in Spanish too.
z.config(z.locales.es());

/** Says "missing" and "wrong" apart, both in Spanish. */
const messages = (missing: string, invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : invalid),
});

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

/** Optional free text: blank means "none" (null). */
function optionalText(max: number, tooLong: string, multiline = false) {
  return textSchema({ max, tooLong, notText: 'Debe ser un texto.', multiline })
    .nullish()
    .transform((value) => (value ? value : null));
}

const imageUrlSchema = textSchema({
  max: ADMIN_URL_MAX,
  tooLong: 'La URL de la imagen es demasiado larga.',
  notText: 'La URL de la imagen no es válida.',
})
  .refine((value) => value === '' || isImageUrl(value), 'La URL de la imagen no es válida.')
  .nullish()
  .transform((value) => (value ? value : null));

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

export const concertCreateSchema = z.strictObject({
  day: z
    .string(messages('Indica el día del concierto.', 'El día debe tener el formato aaaa-mm-dd.'))
    .refine(isCalendarDay, 'El día debe tener el formato aaaa-mm-dd.'),
  genre: genreSchema,
  venue: textSchema({
    max: ADMIN_NAME_MAX,
    tooLong: 'El nombre de la sala es demasiado largo.',
    notText: messages('Indica la sala.', 'La sala debe ser un texto.'),
  }).min(1, 'Indica la sala.'),
  venueId: integerField(
    'Indica el ID de la sala.',
    'El ID de la sala debe ser un número entero.',
    0,
  ),
  hour: z
    .string(messages('Indica la hora del concierto.', 'La hora debe tener el formato HH:mm.'))
    .regex(HOUR_PATTERN, 'La hora debe tener el formato HH:mm.')
    .transform((value) => value.slice(0, 5)),
  price: priceSchema,
  name: optionalText(ADMIN_NAME_MAX, 'El nombre es demasiado largo.'),
  description: optionalText(ADMIN_DESCRIPTION_MAX, 'La descripción es demasiado larga.', true),
  imageUrl: imageUrlSchema,
});

export const bandCreateSchema = z.strictObject({
  name: textSchema({
    max: ADMIN_NAME_MAX,
    tooLong: 'El nombre de la banda es demasiado largo.',
    notText: messages('Indica el nombre de la banda.', 'El nombre debe ser un texto.'),
  }).min(1, 'Indica el nombre de la banda.'),
  spotifyUrl: textSchema({
    max: ADMIN_URL_MAX,
    tooLong: 'La URL de Spotify es demasiado larga.',
    notText: 'La URL de Spotify no es válida.',
  })
    .refine((value) => value === '' || isHttpUrl(value), 'La URL de Spotify no es válida.')
    .nullish()
    .transform((value) => (value ? value : null)),
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
    'Indica el ID del concierto.',
    'El ID del concierto debe ser un número entero.',
    1,
  ),
  bandId: integerField(
    'Indica el ID de la banda.',
    'El ID de la banda debe ser un número entero.',
    1,
  ),
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

export type ConcertCreateInput = z.infer<typeof concertCreateSchema>;
export type BandCreateInput = z.infer<typeof bandCreateSchema>;
export type LinkCreateInput = z.infer<typeof linkCreateSchema>;
export type ConcertSearchInput = z.infer<typeof concertSearchSchema>;
export type BandSearchInput = z.infer<typeof bandSearchSchema>;
