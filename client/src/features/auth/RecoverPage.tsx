import { useId, useState, type FormEvent } from 'react';
import { isEmail } from '../../../../common/rules';
import { StaticPage } from '../../components/StaticPage';
import { ApiError, apiFetch } from '../../lib/api';
import { TextField } from '../../components/TextField';
import './AccountForms.css';
import { FormStatus } from '../../components/FormStatus';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

export function RecoverPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isEmail(email) || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      const { message } = await apiFetch<{ message: string }>('/api/auth/recover', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setOutcome({ kind: 'success', text: message });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      setOutcome({ kind: 'error', text: `Error: ${message}` });
    } finally {
      setSending(false);
    }
  }

  return (
    <StaticPage title="Recuperar contraseña">
      <p>Te enviaremos un enlace para que elijas una contraseña nueva.</p>
      <form className="account-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
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
      {outcome?.kind === 'success' && <FormStatus kind="success">{outcome.text}</FormStatus>}
      {outcome?.kind === 'error' && <FormStatus kind="error">{outcome.text}</FormStatus>}
    </StaticPage>
  );
}
