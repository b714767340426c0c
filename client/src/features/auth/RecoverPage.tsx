import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { isEmail } from '@common/rules';
import { FormStatus } from '@/components/FormStatus';
import { StaticPage } from '@/components/StaticPage';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { requestRecovery } from './api';
import './AccountForms.css';

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

export function RecoverPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const recover = useMutation({ mutationFn: requestRecovery });
  const sending = recover.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isEmail(email) || sending) return;
    recover.mutate(email.trim());
  }

  return (
    <StaticPage title="Recuperar contraseña">
      <p>Te enviaremos un enlace para que elijas una contraseña nueva.</p>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          required
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={!isEmail(email) || sending}
        >
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
