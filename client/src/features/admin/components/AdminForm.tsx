// An admin form: its draft checked before the send, its write (useAdminMutation) sending what the
// check gave, and last its submit button and the live region with the outcome.
import type { ReactNode } from 'react';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { StatusRegion } from '@/components/FormStatus';
import type { Checked } from '@/lib/parseDraft';
import { useAdminText } from '../shared/texts';
import type { useAdminMutation } from '../shared/useAdminMutation';

interface AdminFormProps<Input> {
  draft: { check: () => Checked<Input, string> };
  mutation: ReturnType<typeof useAdminMutation<Input>>;
  /** The button's text ('Crear banda'), and while the form is sent ('Creando...'), by id. */
  idle: AdminMessageId;
  busy: AdminMessageId;
  children: ReactNode;
  className?: string;
  /** Names a form that has no heading of its own ('Editar sala Es Gremi'). */
  label?: string;
}

export function AdminForm<Input>({
  draft,
  mutation,
  idle,
  busy,
  children,
  className = 'admin-form',
  label,
}: AdminFormProps<Input>) {
  const t = useAdminText();
  return (
    <form
      noValidate
      onSubmit={mutation.submit(draft.check)}
      className={className}
      aria-label={label}
    >
      {children}
      <button type="submit" className="button button--primary" disabled={mutation.pending}>
        {t(mutation.pending ? busy : idle)}
      </button>
      <StatusRegion message={mutation.message} />
    </form>
  );
}
