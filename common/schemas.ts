// Request schemas of the account and profile routes, validated by the server. The client keeps to
// zod-free limit files (rules.ts), so zod stays out of the pages' first chunks.
import { z } from 'zod';
import { GENRES } from './genres.js';
import { LOCALES } from './i18n/locales.js';
import {
  ALERT_FREQUENCIES,
  EMAIL_MAX,
  EMAIL_PATTERN,
  FORBIDDEN_CHARACTERS,
  LOGIN_PASSWORD_MAX,
  MAX_ARTIST_LENGTH,
  MAX_ARTISTS,
  MAX_LIKED_GENRES,
  NAME_MAX,
  PASSWORD_TOO_LONG,
  isWellFormedText,
  passwordLengthProblem,
} from './rules.js';
import { learnedChoiceSchema } from './learning/schemas.js';
import { boundedArray, boundedList, msg, textSchema } from './text.js';

// Zod's own messages in Spanish for any parse without an `error` of ours (route() and the forms
// give one: common/rules.ts `unwordedIssue`).
z.config(z.locales.es());

/** Length first: the pattern only ever reads at most EMAIL_MAX characters. */
export const emailSchema = textSchema({
  max: EMAIL_MAX,
  tooLong: 'error.email.tooLong',
  notText: 'error.email.missing',
}).regex(EMAIL_PATTERN, msg('error.email.invalid'));

/**
 * A password being set (register, reset, change): 8 characters to 72 UTF-8 bytes, no control
 * characters. The server also refuses common ones (server/lib/password-policy.ts).
 */
export const newPasswordSchema = textSchema({
  // 72 bytes are at most 72 UTF-16 units: a longer value is refused before anything is counted.
  max: 72,
  tooLong: PASSWORD_TOO_LONG,
  notText: 'error.password.missing',
  keepSpaces: true,
}).check((ctx) => {
  const problem = isWellFormedText(ctx.value)
    ? passwordLengthProblem(ctx.value)
    : FORBIDDEN_CHARACTERS;
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

/** Sign-in reads any password up to a bound: the rules above are not told to a guesser. */
export const loginPasswordSchema = textSchema({
  max: LOGIN_PASSWORD_MAX,
  tooLong: 'error.password.signInTooLong',
  notText: 'error.password.missing',
  keepSpaces: true,
}).min(1, msg('error.password.missing'));

export const registerSchema = z.strictObject({ email: emailSchema, password: newPasswordSchema });
export const loginSchema = z.strictObject({ email: emailSchema, password: loginPasswordSchema });
export const recoverSchema = z.strictObject({ email: emailSchema });
export const resetPasswordSchema = z.strictObject({
  token: textSchema({ max: 200, tooLong: 'error.auth.resetLinkInvalid' }).min(1),
  password: newPasswordSchema,
});

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

export type Credentials = z.infer<typeof loginSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type OnboardingInput = z.infer<typeof onboardingSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

const BAD_CONCERT_ID = msg('error.concert.badId');
/** Digits only, and within PostgreSQL's integer: anything else never reaches SQL. */
export const concertIdParamsSchema = z.strictObject({
  id: z
    .string(BAD_CONCERT_ID)
    .max(10, { error: BAD_CONCERT_ID, abort: true })
    .regex(/^[1-9]\d*$/, { error: BAD_CONCERT_ID, abort: true })
    .transform(Number)
    .refine((id) => id <= 2147483647, BAD_CONCERT_ID),
});
export const likeSchema = z.strictObject({
  liked: z.boolean({ error: msg('error.concert.likeFlag') }),
});
export const goingSchema = z.strictObject({
  going: z.boolean({ error: msg('error.concert.goingFlag') }),
});
export const feedbackSchema = z.strictObject({
  feedback: z.union([z.literal(-1), z.literal(0), z.literal(1)], {
    error: msg('error.concert.feedback'),
  }),
});
