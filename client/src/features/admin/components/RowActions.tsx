// The buttons of an admin list row (bands, venues, concerts): all secondary, never submitting.
import type { ButtonHTMLAttributes } from 'react';

type RowButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>;

export function RowButton(props: RowButtonProps) {
  return <button {...props} type="button" className="button button--secondary" />;
}

/** Opens and closes the row's edit form under it. */
export function EditToggle({ editing, onToggle }: { editing: boolean; onToggle: () => void }) {
  return (
    <RowButton aria-expanded={editing} onClick={onToggle}>
      {editing ? 'Cerrar edición' : 'Editar'}
    </RowButton>
  );
}
