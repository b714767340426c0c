import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SessionUserDto } from '../../../../common/dto';
import { PASSWORD_PLACEHOLDER, passwordLengthProblem } from '../../../../common/rules';
import { StaticPage } from '../../components/StaticPage';
import { ApiError, apiFetch } from '../../lib/api';
import { sessionKeys, setSessionUser } from '../../lib/session';
import { TextField } from '../../components/TextField';
import './AccountForms.css';
import { FormStatus } from '../../components/FormStatus';

const RESET_FAILED = 'Hubo un error al cambiar la contraseña';
const REDIRECT_DELAY_MS = 1500;

type State = { kind: 'idle' | 'saving' | 'done' } | { kind: 'error'; text: string };

function RecoverAgain() {
  return (
    <p>
      <Link to="/recover">Solicita un nuevo enlace</Link>
    </p>
  );
}

/**
 * The mail's link carries the token in the fragment (/update-password#token=...): browsers never
 * send a fragment to any server, so it stays out of logs and Referer headers. A token in the query
 * string is not accepted.
 */
function tokenFromFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') || null;
}

export function UpdatePasswordPage() {
  const id = useId();
  // Read once: the effect below wipes it from the address bar.
  const [token] = useState(tokenFromFragment);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    // Out of the address bar (and so out of the history, bookmarks and screen shares) at once;
    // the router's own history state is kept as it is.
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);

  useEffect(() => {
    if (state.kind !== 'done') return;
    const timer = window.setTimeout(
      () => void navigate('/myconcerts', { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || state.kind === 'saving' || state.kind === 'done') return;
    const problem = passwordLengthProblem(password);
    if (problem) {
      setState({ kind: 'error', text: problem });
      return;
    }
    setState({ kind: 'saving' });
    try {
      const { user } = await apiFetch<{ user: SessionUserDto }>('/api/auth/reset-password', {
        method: 'POST',
        body: { token, password },
      });
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
      setState({ kind: 'done' });
    } catch (error) {
      // Rate limits and a refused password (too common, ...) have their own message; anything
      // else (a used or expired link) is the spec's single failure text.
      const ownMessage =
        error instanceof ApiError && (error.status === 429 || error.code === 'weak_password');
      const text = ownMessage ? error.message : RESET_FAILED;
      setState({ kind: 'error', text });
    }
  }

  if (!token) {
    return (
      <StaticPage title="Establece tu nueva contraseña">
        <FormStatus kind="error">{RESET_FAILED}</FormStatus>
        <RecoverAgain />
      </StaticPage>
    );
  }

  return (
    <StaticPage title="Establece tu nueva contraseña">
      <form className="account-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          id={`${id}-password`}
          label="Nueva contraseña"
          type="password"
          autoComplete="new-password"
          placeholder={PASSWORD_PLACEHOLDER}
          value={password}
          onValueChange={setPassword}
          required
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={state.kind === 'saving' || state.kind === 'done'}
        >
          Cambiar contraseña
        </button>
      </form>
      {state.kind === 'done' && (
        <FormStatus kind="success">
          Contraseña actualizada correctamente. Redirigiendo...
        </FormStatus>
      )}
      {state.kind === 'error' && (
        <>
          <FormStatus kind="error">{state.text}</FormStatus>
          {state.text === RESET_FAILED && <RecoverAgain />}
        </>
      )}
    </StaticPage>
  );
}
