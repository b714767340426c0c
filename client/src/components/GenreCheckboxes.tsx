// A checkbox for every genre, in the list's order (a band's genres, a fan's liked and disliked).
import { GENRES } from '@common/genres/genres';
import { genreName } from '@/i18n/genreName';
import { useText } from '@/i18n/IntlContext';

interface GenreCheckboxesProps {
  /** The group's class, and each labelled checkbox's. */
  className: string;
  optionClassName: string;
  checked: readonly string[];
  disabled?: readonly string[];
  onToggle: (genre: string, checked: boolean) => void;
}

export function GenreCheckboxes(props: GenreCheckboxesProps) {
  const { checked, disabled, onToggle } = props;
  const t = useText();
  return (
    <div className={props.className}>
      {GENRES.map((genre) => (
        <label key={genre} className={props.optionClassName}>
          <input
            type="checkbox"
            checked={checked.includes(genre)}
            disabled={disabled?.includes(genre)}
            onChange={(event) => onToggle(genre, event.target.checked)}
          />
          {genreName(t, genre)}
        </label>
      ))}
    </div>
  );
}
