import { ArtistsField } from '@/features/profile/components/ArtistsField';
import { useText } from '@/i18n/IntlContext';
import { useBandNames } from './queries';

const MAX_SUGGESTIONS = 8;

interface ArtistsWithSuggestionsProps {
  artists: string[];
  onChange: (artists: string[]) => void;
}

/** The profile's artists field plus one-click suggestions from the bands we know. */
export function ArtistsWithSuggestions({ artists, onChange }: ArtistsWithSuggestionsProps) {
  const { data } = useBandNames(true);
  const t = useText();
  const chosen = new Set(artists.map((artist) => artist.toLowerCase()));
  const suggestions = (data?.bands ?? [])
    .filter((band) => !chosen.has(band.name.toLowerCase()))
    .slice(0, MAX_SUGGESTIONS);

  return (
    <>
      <ArtistsField artists={artists} onChange={onChange} />
      {suggestions.length > 0 && (
        <div className="artist-suggestions">
          <p id="artist-suggestions-title" className="onboarding-step">
            {t('onboarding.suggestions')}
          </p>
          <ul className="band-suggestions" aria-labelledby="artist-suggestions-title">
            {suggestions.map((band) => (
              <li key={band.id}>
                <button
                  type="button"
                  className="pill"
                  onClick={() => onChange([...artists, band.name])}
                >
                  {t('onboarding.suggestionAdd', { name: band.name })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
