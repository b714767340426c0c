// A failed Google/Spotify sign-in comes back to the landing as /?error=<code>. Only these codes
// travel in the address; the landing shows the fixed text of a known code, and the generic text
// for anything else, so a crafted link can never put its own words on the page.

export const SIGN_IN_ERROR_TEXTS = {
  google_failed: 'No se pudo iniciar sesión con Google. Inténtalo de nuevo.',
  spotify_failed: 'No se pudo iniciar sesión con Spotify. Inténtalo de nuevo.',
  google_no_email: 'Tu cuenta de Google no tiene un email.',
  spotify_no_email: 'Tu cuenta de Spotify no tiene un email.',
  google_email_taken:
    'Ya existe una cuenta con el email de tu Google. Inicia sesión con tu email y contraseña.',
  spotify_email_taken:
    'Ya existe una cuenta con el email de tu Spotify. Inicia sesión con tu email y contraseña.',
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_TEXTS;

export const GENERIC_SIGN_IN_ERROR = 'No se pudo iniciar sesión. Inténtalo de nuevo.';

/** The text for a code read from the address; unknown codes get the generic text. */
export function signInErrorText(code: string): string {
  return Object.hasOwn(SIGN_IN_ERROR_TEXTS, code)
    ? SIGN_IN_ERROR_TEXTS[code as SignInErrorCode]
    : GENERIC_SIGN_IN_ERROR;
}
