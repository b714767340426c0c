import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { passwordLengthProblem } from '@common/rules';
import { useText } from '@/i18n/IntlContext';
import { FormStatus } from '@/components/FormStatus';
import { StaticPage } from '@/components/StaticPage';
import { Loading } from '@/components/Loading';
import { PasswordField } from '@/components/PasswordField';
import { ApiError } from '@/lib/api';
import { sessionKeys, setSessionUser } from '@/lib/session';
import { useFragmentToken } from '@/lib/useFragmentToken';
import { resetPassword } from './api';
import './AccountForms.css';

const RESET_FAILED = 'Hubo un error al cambiar la contraseña';
const REDIRECT_DELAY_MS = 1500;

/** Rate limits and a refused password (too common, ...) have their own message; anything else
 * (a used or expired link) gets the one generic failure text. */
function failureText(error: Error): string {
  const ownMessage =
    error instanceof ApiError && (error.status === 429 || error.code === 'weak_password');
  return ownMessage ? error.message : RESET_FAILED;
}

function RecoverAgain() {
  return (
    <p>
      <Link to="/recover">Solicita un nuevo enlace</Link>
    </p>
  );
}

export function UpdatePasswordPage() {
  const id = useId();
  // The mail's link carries it in the fragment (/update-password#token=...), never in the query.
  const token = useFragmentToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  // A problem found before sending; the server's answer lives in the mutation.
  const [problem, setProblem] = useState('');
  const t = useText();
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
  const done = reset.isSuccess;
  const error = problem || (reset.error ? failureText(reset.error) : '');

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate('/myconcerts', { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || reset.isPending || done) return;
    const found = passwordLengthProblem(password);
    reset.reset();
    setProblem(found ? t(found) : '');
    if (found) return;
    reset.mutate({ token, password });
  }

  if (token === undefined) return <Loading />;
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
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          kind="new"
          id={`${id}-password`}
          value={password}
          onValueChange={setPassword}
          required
        />
        <button type="submit" className="button button--primary" disabled={reset.isPending || done}>
          Cambiar contraseña
        </button>
      </form>
      {done && (
        <FormStatus kind="success">
          Contraseña actualizada correctamente. Redirigiendo...
        </FormStatus>
      )}
      {error && (
        <>
          <FormStatus kind="error">{error}</FormStatus>
          {error === RESET_FAILED && <RecoverAgain />}
        </>
      )}
    </StaticPage>
  );
}
