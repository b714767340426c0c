// Limits of a fan's profile without zod, so light client screens can use them without the library.

export const MAX_LIKED_GENRES = 5;
export const MAX_ARTISTS = 50;
export const MAX_ARTIST_LENGTH = 100;
export const NAME_MAX = 100;
/** How often a fan hears of new concerts of their favourite artists. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'never'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
