import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_ARTIST_LENGTH, MAX_ARTISTS } from '@common/profile/limits';
import { CROSS } from '@/components/icons';
import { useText } from '@/i18n/IntlContext';

interface ArtistsFieldProps {
  artists: string[];
  onChange: (artists: string[]) => void;
}

/** Favourite artists as removable chips, at most 50 of up to 100 characters each. */
export function ArtistsField({ artists, onChange }: ArtistsFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = artists.length >= MAX_ARTISTS;
  const t = useText();

  function add() {
    const name = draft.trim().slice(0, MAX_ARTIST_LENGTH);
    if (!name || full) return;
    const known = artists.some((artist) => artist.toLowerCase() === name.toLowerCase());
    if (!known) onChange([...artists, name]);
    setDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the artist instead of submitting the whole profile form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <fieldset className="fieldset">
      <legend>{t('artists.legend')}</legend>
      {artists.length > 0 ? (
        <ul className="chip-list">
          {artists.map((artist) => (
            <li key={artist} className="chip">
              {artist}
              <button
                type="button"
                className="chip__remove"
                aria-label={t('artists.remove', { name: artist })}
                onClick={() => onChange(artists.filter((item) => item !== artist))}
              >
                <span aria-hidden="true">{CROSS}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="profile-empty">{t('artists.none')}</p>
      )}
      <div className="artist-add">
        <label htmlFor={`${id}-artist`}>{t('artists.addLabel')}</label>
        <div className="artist-add__row">
          <input
            id={`${id}-artist`}
            className="text-input"
            type="text"
            maxLength={MAX_ARTIST_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            disabled={full}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={add}
            disabled={full || !draft.trim()}
          >
            {t('artists.add')}
          </button>
        </div>
        {full && <p className="profile-hint">{t('artists.full')}</p>}
      </div>
    </fieldset>
  );
}
