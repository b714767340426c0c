import { spanish as es } from './helpers/texts.js';
import { SIGN_IN_ERROR_CODES, signInErrorCode } from '../common/auth/sign-in-errors.js';

const textOf = (code: string) => es[`signInError.${signInErrorCode(code)}`];

describe('sign-in error codes on the landing', () => {
  it('a known code shows its fixed text', () => {
    expect(textOf('google_failed')).toBe(
      'No se pudo iniciar sesión con Google. Inténtalo de nuevo.',
    );
    expect(textOf('spotify_email_taken')).toBe(
      'Ya existe una cuenta con el email de tu Spotify. Inicia sesión con tu email y contraseña.',
    );
    for (const code of SIGN_IN_ERROR_CODES) expect(signInErrorCode(code)).toBe(code);
  });

  it.each([
    'Tu cuenta está bloqueada: llama al 600 000 000',
    'GOOGLE_FAILED',
    'toString',
    '__proto__',
    'constructor',
    '',
  ])('anything else (%j) shows the generic text, never its own words', (code) => {
    expect(textOf(code)).toBe('No se pudo iniciar sesión. Inténtalo de nuevo.');
  });
});
