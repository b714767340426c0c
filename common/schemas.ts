// Request schemas shared by the server (validation) and the client (the same rules in forms).
import { z } from 'zod';
import { GENRES } from './genres.js';
import {
  EMAIL_PATTERN,
  MAX_ARTIST_LENGTH,
  MAX_ARTISTS,
  MAX_LIKED_GENRES,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './rules.js';

// Zod's own messages (missing field, unknown key) in Spanish too.
z.config(z.locales.es());

export const emailSchema = z
  .string({ error: 'Introduce tu email.' })
  .trim()
  .max(254, 'El email es demasiado largo.')
  .regex(EMAIL_PATTERN, 'Introduce un email válido.');

export const passwordSchema = z
  .string({ error: 'Introduce una contraseña.' })
  .min(PASSWORD_MIN, 'La contraseña debe tener al menos 6 caracteres.')
  .max(PASSWORD_MAX, 'La contraseña no puede tener más de 128 caracteres.');

export const credentialsSchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export const recoverSchema = z.strictObject({ email: emailSchema });
export const resetPasswordSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});

const genreSchema = z.enum(GENRES, { error: 'Género desconocido.' });
const uniqueList = <T>(list: T[]) => new Set(list).size === list.length;

export const likedGenresSchema = z
  .array(genreSchema)
  .min(1, 'Debes seleccionar al menos un género.')
  .max(MAX_LIKED_GENRES, 'Máximo 5 géneros. 🙏 Desmarca uno para seleccionar otro.')
  .refine(uniqueList, 'Hay géneros repetidos.');
export const dislikedGenresSchema = z
  .array(genreSchema)
  .max(GENRES.length)
  .refine(uniqueList, 'Hay géneros repetidos.');
export const artistsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'El nombre de un artista no puede estar vacío.')
      .max(MAX_ARTIST_LENGTH, 'El nombre de un artista no puede tener más de 100 caracteres.'),
  )
  .max(MAX_ARTISTS, 'Como mucho 50 artistas favoritos.');

const noOverlap = (value: { topGenres?: string[]; dislikedGenres?: string[] }) =>
  !value.topGenres ||
  !value.dislikedGenres ||
  !value.dislikedGenres.some((g) => value.topGenres!.includes(g));
const OVERLAP_MESSAGE = 'Un género no puede gustarte y no gustarte a la vez.';

export const profileUpdateSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .max(100, 'El nombre no puede tener más de 100 caracteres.')
      .nullable()
      .optional(),
    topArtists: artistsSchema.optional(),
    topGenres: likedGenresSchema.optional(),
    dislikedGenres: dislikedGenresSchema.optional(),
  })
  .refine(noOverlap, OVERLAP_MESSAGE);

export const onboardingSchema = z
  .strictObject({
    topGenres: likedGenresSchema,
    dislikedGenres: dislikedGenresSchema,
    topArtists: artistsSchema.optional(),
  })
  .refine(noOverlap, OVERLAP_MESSAGE);

/**
 * The current password, asked again before a sensitive change. Only its length is checked: it is
 * compared with the stored hash, whatever rules new passwords follow today. Required by the server
 * for accounts that have a password; Google/Spotify-only accounts send none.
 */
const currentPasswordSchema = z
  .string({ error: 'Introduce tu contraseña actual.' })
  .max(PASSWORD_MAX, 'La contraseña actual no es correcta.')
  .optional();

export const passwordChangeSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});

export const deleteAccountSchema = z.strictObject({ currentPassword: currentPasswordSchema });

/** The opaque id of one of the fan's sessions (never the session id itself). */
export const sessionIdParamsSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Identificador de sesión no válido.'),
});

export type Credentials = z.infer<typeof credentialsSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type OnboardingInput = z.infer<typeof onboardingSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const concertIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'Identificador de concierto no válido.' }).int().positive(),
});
export const likeSchema = z.strictObject({
  liked: z.boolean({ error: 'Indica si te gusta (true o false).' }),
});
export const feedbackSchema = z.strictObject({
  feedback: z.union([z.literal(-1), z.literal(0), z.literal(1)], {
    error: 'La valoración debe ser 1, -1 o 0.',
  }),
});
