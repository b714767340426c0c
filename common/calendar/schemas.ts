// Input of the calendar routes. Files are named '<what>.<format>'; the pattern is checked only
// after the length, so no pattern ever reads a long value.
import { z } from 'zod';
import { genreOfSlug } from './links.js';
import { msg, textSchema } from '../text/schemas.js';

const BAD_FILE = msg('error.calendar.badFile');
export const UNKNOWN_GENRE = msg('error.calendar.unknownGenre');

const fileName = textSchema({ max: 120, tooLong: BAD_FILE, notText: BAD_FILE });

/** /calendario/conciertos/<id>.ics */
export const concertFileParamsSchema = z.strictObject({
  file: fileName
    .regex(/^[1-9]\d{0,9}\.ics$/, { error: BAD_FILE, abort: true })
    .transform((file) => Number(file.slice(0, -'.ics'.length)))
    .refine((id) => id <= 2147483647, BAD_FILE),
});

/** /calendario/generos/<genre slug>.(ics|rss) */
export const genreFileParamsSchema = z.strictObject({
  file: fileName
    .regex(/^[a-z0-9-]{1,40}\.(?:ics|rss)$/, { error: BAD_FILE, abort: true })
    .transform((file) => {
      const dot = file.lastIndexOf('.');
      return {
        genre: genreOfSlug(file.slice(0, dot)),
        format: file.slice(dot + 1) === 'rss' ? ('rss' as const) : ('ics' as const),
      };
    }),
});

/** /calendario/privado/<token>.ics: anything wrong is answered like an unknown token (404). */
export const privateFileParamsSchema = z.strictObject({ file: z.string().max(120) });

export const calendarSettingsSchema = z.strictObject({
  includeExtreme: z.boolean({
    error: msg('error.calendar.extremeFlag'),
  }),
});

export const emptyBodySchema = z.strictObject({});
