import { useEffect, useState } from 'react';
import { useAppConfig } from '@/lib/config';

type Provider = 'google' | 'spotify';

/** Google / Spotify sign-in: a full-page trip through the server, shown only when configured. */
export function ProviderButtons() {
  const { googleEnabled, spotifyEnabled } = useAppConfig();
  const [busy, setBusy] = useState<Provider | null>(null);

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

  return (
    <div className="provider-buttons">
      {googleEnabled && (
        <button
          type="button"
          className="button button--accent provider-button"
          onClick={() => go('google')}
          disabled={busy !== null}
        >
          {busy === 'google' ? 'Cargando...' : 'Accede con Google'}
        </button>
      )}
      {spotifyEnabled && (
        <button
          type="button"
          className="button button--accent provider-button provider-button--spotify"
          onClick={() => go('spotify')}
          disabled={busy !== null}
        >
          {busy === 'spotify' ? 'Cargando...' : 'Accede con Spotify'}
        </button>
      )}
    </div>
  );
}
