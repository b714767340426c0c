// The parts of an admin list row (bands, venues, concerts): its buttons, all secondary and never
// submitting, the delete's mutation, and the frame of a band's or a venue's row.
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useAdminText } from '../shared/texts';
import { useAdminMutation } from '../shared/useAdminMutation';

type RowButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>;

export function RowButton(props: RowButtonProps) {
  return <button {...props} type="button" className="button button--secondary" />;
}

/** Opens and closes the row's edit form under it. */
export function EditToggle({ editing, onToggle }: { editing: boolean; onToggle: () => void }) {
  const t = useAdminText();
  return (
    <RowButton aria-expanded={editing} onClick={onToggle}>
      {t(editing ? 'admin.closeEdit' : 'admin.edit')}
    </RowButton>
  );
}

/** A row's delete, by the row's id. */
export function useDeleteMutation(
  mutationFn: (id: number) => Promise<unknown>,
  success: string,
  onSuccess?: () => void,
) {
  const t = useAdminText();
  return useAdminMutation({ mutationFn, failure: t('admin.deleteFailed'), success, onSuccess });
}

/** 'Borrar', then the question and 'Sí, borrar' / 'No borrar' before anything is deleted. */
export function ConfirmedDelete({
  question,
  pending,
  onConfirm,
}: {
  question: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const t = useAdminText();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return <RowButton onClick={() => setConfirming(true)}>{t('admin.delete')}</RowButton>;
  }
  return (
    <>
      <span>{question}</span>
      <button
        type="button"
        className="button button--primary"
        disabled={pending}
        onClick={onConfirm}
      >
        {t('admin.concert.yesDelete')}
      </button>
      <RowButton onClick={() => setConfirming(false)}>{t('admin.concert.noDelete')}</RowButton>
    </>
  );
}

/** Deletes a band or a venue, once no concert uses it. */
export function DeleteButton({
  remove,
  item,
}: {
  remove: ReturnType<typeof useDeleteMutation>;
  item: { id: number; concertCount: number };
}) {
  const t = useAdminText();
  return (
    <RowButton
      disabled={remove.pending || item.concertCount > 0}
      onClick={() => remove.run(item.id)}
    >
      {t('admin.delete')}
    </RowButton>
  );
}

/** A band's or a venue's row: its name, and how many concerts use it (none, to delete it). */
export function NamedRow({
  item,
  children,
}: {
  item: { name: string; concertCount: number };
  children: ReactNode;
}) {
  const t = useAdminText();
  const concerts = t('admin.concertCount', { count: item.concertCount });
  return (
    <li className="admin-row" aria-label={item.name}>
      <p className="admin-row__title">
        {item.name} <span className="admin-hint">{concerts}</span>
      </p>
      {children}
    </li>
  );
}
