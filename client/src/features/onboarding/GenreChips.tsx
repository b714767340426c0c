import { GENRES } from '@common/genres/genres';
import { genreName } from '@/i18n/genreName';
import { useText } from '@/i18n/IntlContext';

const TICK = '✓';

interface GenreChipsProps {
  legend: string;
  selected: string[];
  disabled?: string[];
  onToggle: (genre: string, checked: boolean) => void;
}

/** The 18 genres as chip-styled real checkboxes, so the state is announced for free. */
export function GenreChips({ legend, selected, disabled = [], onToggle }: GenreChipsProps) {
  const t = useText();
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <div className="genre-chips">
        {GENRES.map((genre) => {
          const isDisabled = disabled.includes(genre);
          return (
            <label key={genre} className={`genre-chip${isDisabled ? ' genre-chip--disabled' : ''}`}>
              <input
                type="checkbox"
                className="genre-chip__input"
                checked={selected.includes(genre)}
                disabled={isDisabled}
                onChange={(event) => onToggle(genre, event.target.checked)}
              />
              <span className="pill genre-chip__text">
                <span className="genre-chip__tick" aria-hidden="true">
                  {TICK}
                </span>
                {genreName(t, genre)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
