import { useMutation } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { isEmail } from '@common/rules';
import { FormStatus } from '@/components/FormStatus';
import { StaticPage } from '@/components/StaticPage';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { useField } from '@/lib/useField';
import { requestRecovery } from './api';
import './AccountForms.css';

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

export function RecoverPage() {
  const id = useId();
  const email = useField(`${id}-email`);
  const recover = useMutation({ mutationFn: requestRecovery });
  const sending = recover.isPending;
  const canSend = isEmail(email.value) && !sending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    recover.mutate(email.value.trim());
  }

  return (
    <StaticPage title="Recuperar contraseña">
      <p>Te enviaremos un enlace para que elijas una contraseña nueva.</p>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <TextField {...email} label="Email" type="email" autoComplete="email" required />
        <button type="submit" className="button button--primary" disabled={!canSend}>
          {sending ? 'Enviando...' : 'Enviar enlace'}
        </button>
      </form>
      {recover.isSuccess && <FormStatus kind="success">{recover.data.message}</FormStatus>}
      {recover.isError && (
        <FormStatus kind="error">{`Error: ${errorText(recover.error)}`}</FormStatus>
      )}
    </StaticPage>
  );
}
