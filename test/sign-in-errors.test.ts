import {
  GENERIC_SIGN_IN_ERROR,
  SIGN_IN_ERROR_TEXTS,
  signInErrorText,
} from '../common/sign-in-errors.js';

describe('sign-in error codes on the landing', () => {
  it('a known code shows its fixed text', () => {
    expect(signInErrorText('google_failed')).toBe(
      'No se pudo iniciar sesión con Google. Inténtalo de nuevo.',
    );
    expect(signInErrorText('spotify_email_taken')).toBe(
      'Ya existe una cuenta con el email de tu Spotify. Inicia sesión con tu email y contraseña.',
    );
    for (const [code, text] of Object.entries(SIGN_IN_ERROR_TEXTS)) {
      expect(signInErrorText(code)).toBe(text);
    }
  });

  it.each([
    'Tu cuenta está bloqueada: llama al 600 000 000',
    'GOOGLE_FAILED',
    'toString',
    '__proto__',
    'constructor',
    '',
  ])('anything else (%j) shows the generic text, never its own words', (code) => {
    expect(signInErrorText(code)).toBe(GENERIC_SIGN_IN_ERROR);
  });
});
