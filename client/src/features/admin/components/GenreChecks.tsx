// The genre checkboxes of the band forms (create and edit), kept in the list's order.
import { GENRES } from '@common/genres';

interface GenreChecksProps {
  value: string[];
  onChange: (genres: string[]) => void;
}

export function GenreChecks({ value, onChange }: GenreChecksProps) {
  function toggle(genre: string, checked: boolean) {
    onChange(
      checked
        ? GENRES.filter((g) => g === genre || value.includes(g))
        : value.filter((g) => g !== genre),
    );
  }
  return (
    <fieldset className="fieldset fieldset--dense">
      <legend>Géneros (opcional)</legend>
      <div className="admin-genres">
        {GENRES.map((genre) => (
          <label key={genre} className="admin-check">
            <input
              type="checkbox"
              checked={value.includes(genre)}
              onChange={(event) => toggle(genre, event.target.checked)}
            />
            {genre}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
