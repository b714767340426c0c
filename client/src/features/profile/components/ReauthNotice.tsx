// Shown when the server answers 403 reauth_required (an account without a password whose sign-in
// is not recent): links to sign in again with the account's provider, coming back to /profile.
import type { ProfileDto } from '@common/profile/types';
import { useText } from '@/i18n/IntlContext';
import './ReauthNotice.css';

const PROVIDER_LABELS = { google: 'Google', spotify: 'Spotify' } as const;

export const REAUTH_REQUIRED = 'reauth_required';

export function ReauthNotice({
  message,
  providers,
}: {
  message: string;
  providers: ProfileDto['signInProviders'];
}) {
  const t = useText();
  return (
    <div role="alert" className="form-message form-message--error reauth-notice">
      <p>{message}</p>
      {providers.length > 0 && (
        <ul className="reauth-notice__links">
          {providers.map((provider) => (
            <li key={provider}>
              {/* A full-page trip through the server, as the landing's sign-in buttons. */}
              <a href={`/auth/${provider}?returnTo=/profile`}>
                {t('reauth.link', { provider: PROVIDER_LABELS[provider] })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Told beforehand to accounts without a password (the server's window is 10 minutes). */
export function ReauthHint() {
  const t = useText();
  return <p className="profile-hint">{t('reauth.hint')}</p>;
}
