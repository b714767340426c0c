// A band's Spotify player, embedded only when the fan presses play: until then the page asks
// nothing of Spotify. Its open state lives here, so opening it renders this control alone and not
// the memoised card around it; the first render (closed) is the same on the server and in the
// browser.
import { useId, useState } from 'react';
import { spotifyEmbedUrl } from '@common/concerts/spotify';
import { useRichText, useText } from '@/i18n/IntlContext';
import { PlayIcon } from '@/components/icons';

/** What the compact player needs: its controls and the artist's name fit in this height. */
const PLAYER_HEIGHT = 152;

interface SpotifyListenProps {
  name: string;
  /** The band's Spotify address, for the plain link. */
  url: string;
  artistId: string;
}

export function SpotifyListen({ name, url, artistId }: SpotifyListenProps) {
  const [open, setOpen] = useState(false);
  const playerId = useId();
  const t = useText();
  const rich = useRichText();
  return (
    <div className="spotify-listen">
      <div className="spotify-listen__controls">
        <button
          type="button"
          className="pill spotify-listen__toggle"
          aria-expanded={open}
          aria-controls={playerId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {open ? (
            t('concert.spotifyHide', { name })
          ) : (
            <>
              <PlayIcon />
              {t('concert.spotifyPlay', { name })}
            </>
          )}
        </button>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {rich('concert.spotifyOpen', {
            name,
            hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
          })}
        </a>
      </div>
      <div id={playerId} className="spotify-listen__player">
        {open && (
          <iframe
            src={spotifyEmbedUrl(artistId)}
            title={t('concert.spotifyPlayer', { name })}
            loading="lazy"
            allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
            width="100%"
            height={PLAYER_HEIGHT}
          />
        )}
      </div>
    </div>
  );
}
