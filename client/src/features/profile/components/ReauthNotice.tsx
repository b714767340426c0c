// Shown when the server answers 403 reauth_required (an account without a password whose sign-in
// is not recent): links to sign in again with the account's provider, coming back to /profile.
import type { ProfileDto } from '@common/dto';
import './ReauthNotice.css';

const PROVIDER_LABELS = { google: 'Google', spotify: 'Spotify' } as const;

export const REAUTH_REQUIRED = 'reauth_required';

/** Told beforehand to accounts without a password (the server's window is 10 minutes). */
export const REAUTH_HINT =
  'Tu cuenta no tiene contraseña: por seguridad, si iniciaste sesión hace más de 10 minutos, te pediremos que vuelvas a hacerlo antes de continuar.';

export function ReauthNotice({
  message,
  providers,
}: {
  message: string;
  providers: ProfileDto['signInProviders'];
}) {
  return (
    <div role="alert" className="form-message form-message--error reauth-notice">
      <p>{message}</p>
      {providers.length > 0 && (
        <ul className="reauth-notice__links">
          {providers.map((provider) => (
            <li key={provider}>
              {/* A full-page trip through the server, as the landing's sign-in buttons. */}
              <a href={`/auth/${provider}?returnTo=/profile`}>
                Vuelve a iniciar sesión con {PROVIDER_LABELS[provider]} para confirmar
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
