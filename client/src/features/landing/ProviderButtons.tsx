import { useEffect, useState } from 'react';
import { useText } from '@/i18n/IntlContext';
import { useAppConfig } from '@/lib/config';

const PROVIDERS = [
  { id: 'google', className: 'button button--accent provider-button' },
  { id: 'spotify', className: 'button button--accent provider-button provider-button--spotify' },
] as const;

type Provider = (typeof PROVIDERS)[number]['id'];

/** Google / Spotify sign-in: a full-page trip through the server, shown only when configured. */
export function ProviderButtons() {
  const { googleEnabled, spotifyEnabled } = useAppConfig();
  const [busy, setBusy] = useState<Provider | null>(null);
  const t = useText();

  // Coming back with the browser's back button restores the page from cache: re-enable it.
  useEffect(() => {
    const reset = () => setBusy(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  if (!googleEnabled && !spotifyEnabled) return null;

  function go(provider: Provider) {
    setBusy(provider);
    window.location.assign(`/auth/${provider}`);
  }

  const enabled = { google: googleEnabled, spotify: spotifyEnabled };
  return (
    <div className="provider-buttons">
      {PROVIDERS.filter((provider) => enabled[provider.id]).map((provider) => (
        <button
          key={provider.id}
          type="button"
          className={provider.className}
          onClick={() => go(provider.id)}
          disabled={busy !== null}
        >
          {t(busy === provider.id ? 'layout.loading' : `auth.provider.${provider.id}`)}
        </button>
      ))}
    </div>
  );
}
