// The genre checkboxes of the band forms (create and edit), kept in the list's order.
import { GENRES } from '@common/genres/genres';
import { GenreCheckboxes } from '@/components/GenreCheckboxes';
import { useAdminText } from '../shared/texts';

interface GenreChecksProps {
  value: string[];
  onChange: (genres: string[]) => void;
}

export function GenreChecks({ value, onChange }: GenreChecksProps) {
  const t = useAdminText();
  function toggle(genre: string, checked: boolean) {
    onChange(
      checked
        ? GENRES.filter((g) => g === genre || value.includes(g))
        : value.filter((g) => g !== genre),
    );
  }
  return (
    <fieldset className="fieldset fieldset--dense">
      <legend>{t('admin.band.genres')}</legend>
      <GenreCheckboxes
        className="admin-genres"
        optionClassName="admin-check"
        checked={value}
        onToggle={toggle}
      />
    </fieldset>
  );
}
