// A failed Google/Spotify sign-in comes back to the landing as /?error=<code>. Only these codes
// travel in the address; the landing shows the catalogue's text of a known code (`signInError.*`),
// and the generic text for anything else, so a crafted link can never put its own words on the page.

export const SIGN_IN_ERROR_CODES = [
  'google_failed',
  'spotify_failed',
  'google_no_email',
  'spotify_no_email',
  'google_email_taken',
  'spotify_email_taken',
] as const;

export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

export const isSignInErrorCode = (code: unknown): code is SignInErrorCode =>
  (SIGN_IN_ERROR_CODES as readonly unknown[]).includes(code);

/** The code read from the address, or 'generic' for anything unknown. */
export const signInErrorCode = (code: string): SignInErrorCode | 'generic' =>
  isSignInErrorCode(code) ? code : 'generic';
