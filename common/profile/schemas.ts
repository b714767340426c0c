// A fan's profile: its requests (edit, onboarding, password change, account deletion, sessions),
// as zod schemas. Its answers are in responses.ts; the client keeps to the zod-free limits.ts and
// types.ts.
import { z } from 'zod';
import { LOGIN_PASSWORD_MAX } from '../auth/limits.js';
import { newPasswordSchema } from '../auth/schemas.js';
import { GENRES } from '../genres/genres.js';
import { LOCALES } from '../i18n/locales.js';
import { learnedChoiceSchema } from '../learning/schemas.js';
import { boundedArray, boundedList, msg, textSchema } from '../text/schemas.js';
import {
  ALERT_FREQUENCIES,
  MAX_ARTIST_LENGTH,
  MAX_ARTISTS,
  MAX_LIKED_GENRES,
  NAME_MAX,
} from './limits.js';

const genreSchema = z.enum(GENRES, { error: msg('error.genre.unknown') });
const uniqueList = <T>(list: T[]) => new Set(list).size === list.length;

export const likedGenresSchema = boundedArray(
  MAX_LIKED_GENRES,
  'error.profile.tooManyGenres',
  z
    .array(genreSchema)
    .min(1, msg('error.profile.noGenre'))
    .refine(uniqueList, msg('error.genre.repeated')),
);
export const dislikedGenresSchema = boundedArray(
  GENRES.length,
  'error.genre.tooMany',
  z.array(genreSchema).refine(uniqueList, msg('error.genre.repeated')),
);
export const artistsSchema = boundedList(
  MAX_ARTISTS,
  'error.profile.tooManyArtists',
  textSchema({ max: MAX_ARTIST_LENGTH, tooLong: 'error.profile.artistTooLong' }).min(
    1,
    msg('error.profile.artistEmpty'),
  ),
);

const noOverlap = (value: { topGenres?: string[]; dislikedGenres?: string[] }) =>
  !value.topGenres ||
  !value.dislikedGenres ||
  !value.dislikedGenres.some((g) => value.topGenres!.includes(g));
const OVERLAP_MESSAGE = msg('error.profile.genreOverlap');

export const profileUpdateSchema = z
  .strictObject({
    name: textSchema({
      max: NAME_MAX,
      tooLong: 'error.profile.nameTooLong',
    })
      .nullable()
      .optional(),
    topArtists: artistsSchema.optional(),
    topGenres: likedGenresSchema.optional(),
    dislikedGenres: dislikedGenresSchema.optional(),
    /** Mails about changes to concerts the fan liked (date, time, venue, price, cancellation). */
    changeNotices: z.boolean(msg('error.profile.changeNoticesFlag')).optional(),
    /** A mail the day before each concert the fan liked or goes to. */
    showReminders: z.boolean(msg('error.profile.remindersFlag')).optional(),
    /** Mails about new concerts of the fan's favourite artists: at once, once a day, or never. */
    alertFrequency: z.enum(ALERT_FREQUENCIES, msg('error.profile.alertFrequency')).optional(),
    /** The language of the app and the mails; until chosen, pages follow the browser. */
    locale: z.enum(LOCALES, msg('error.profile.locale')).optional(),
  })
  .refine(noOverlap, OVERLAP_MESSAGE);

export const onboardingSchema = z
  .strictObject({
    topGenres: likedGenresSchema,
    dislikedGenres: dislikedGenresSchema,
    topArtists: artistsSchema.optional(),
    /** Redoing it: what was learned from the fan stays ('keep', the default) or goes. */
    learned: learnedChoiceSchema.optional(),
  })
  .refine(noOverlap, OVERLAP_MESSAGE);

/**
 * The current password, asked again before a sensitive change. Only its length is checked: it is
 * compared with the stored hash, whatever rules new passwords follow today. Required by the server
 * for accounts that have a password; Google/Spotify-only accounts send none.
 */
const currentPasswordSchema = textSchema({
  max: LOGIN_PASSWORD_MAX,
  tooLong: 'error.password.currentWrong',
  notText: 'error.password.currentMissing',
  keepSpaces: true,
}).optional();

export const passwordChangeSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

export const deleteAccountSchema = z.strictObject({ currentPassword: currentPasswordSchema });

/** The opaque id of one of the fan's sessions (never the session id itself). */
export const sessionIdParamsSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, msg('error.sessions.badId')),
});
