// Limits of the band submissions ('Publica tus conciertos'), without zod, so the public form can
// share them with the server without pulling the validation library into the page.

export const SUBMISSION_NAME_MAX = 200;
export const SUBMISSION_TOWN_MAX = 100;
/** "A short text": a few lines about the concert. */
export const SUBMISSION_TEXT_MAX = 1000;
export const SUBMISSION_URL_MAX = 500;
export const SUBMISSION_REASON_MAX = 1000;
/** The signed form token: issue time, a nonce and an HMAC, far below this. */
export const SUBMISSION_TOKEN_MAX = 200;
/** Name of the honeypot field: hidden from people, filled by bots that fill every field. */
export const HONEYPOT_FIELD = 'website';
/** Multipart text fields: the longest valid one is the text (1,000 characters, 4 bytes each). */
export const SUBMISSION_FIELD_MAX_BYTES = 8 * 1024;

/** What the moderation queue lists: 'spam' is a rejection that mailed nobody. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'spam'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Where a submission's picture waits, admins only, until an approval publishes it. */
export const PRIVATE_SUBMISSION_IMAGE_PATTERN =
  /^\/api\/admin\/submissions\/images\/[0-9a-f]{32}\.webp$/;

/** The page the confirmation mail links to; the token travels in the fragment. */
export const SUBMISSION_CONFIRM_PATH = '/publica/confirmar';

/** Hosts a Spotify link may have. */
export function isSpotifyUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && /(^|\.)spotify\.com$/.test(url.hostname);
  } catch {
    return false;
  }
}
