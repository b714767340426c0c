// Validation limits without zod, so light client screens can use them without the library.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const MAX_LIKED_GENRES = 5;
export const MAX_ARTISTS = 50;
export const MAX_ARTIST_LENGTH = 100;

/** A plain email shape without spaces (spec section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());
