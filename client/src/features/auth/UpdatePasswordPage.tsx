import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MessageId } from '@common/i18n/catalogues';
import { FormStatus } from '@/components/FormStatus';
import { StaticPage } from '@/components/StaticPage';
import { Loading } from '@/components/Loading';
import { PasswordField } from '@/components/PasswordField';
import { useText } from '@/i18n/IntlContext';
import { ApiError } from '@/lib/api';
import { newPasswordProblem } from '@/lib/passwordProblem';
import { sessionKeys, setSessionUser } from '@/lib/session';
import { useFragmentToken } from '@/lib/useFragmentToken';
import { resetPassword } from './queries';
import './AccountForms.css';

const REDIRECT_DELAY_MS = 1500;

/** Rate limits and a refused password (too common, ...) have the server's own message; anything
 * else (a used or expired link) gets the one generic failure text, and a way to ask again. */
function ownMessage(error: Error): string | null {
  const own = error instanceof ApiError && (error.status === 429 || error.code === 'weak_password');
  return own ? error.message : null;
}

function RecoverAgain() {
  const t = useText();
  return (
    <p>
      <Link to="/recover">{t('auth.reset.again')}</Link>
    </p>
  );
}

export function UpdatePasswordPage() {
  const id = useId();
  // The mail's link carries it in the fragment (/update-password#token=...), never in the query.
  const token = useFragmentToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useText();
  const [password, setPassword] = useState('');
  // A problem found before sending; the server's answer lives in the mutation.
  const [problem, setProblem] = useState<MessageId | null>(null);
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
  const done = reset.isSuccess;
  const own = reset.error ? ownMessage(reset.error) : null;
  const linkFailed = reset.isError && own === null;
  const error = problem ? t(problem) : reset.isError ? (own ?? t('auth.reset.failed')) : '';

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
    const found = newPasswordProblem(password);
    reset.reset();
    setProblem(found ?? null);
    if (found) return;
    reset.mutate({ token, password });
  }

  if (token === undefined) return <Loading />;
  if (!token) {
    return (
      <StaticPage title={t('account.resetText')}>
        <FormStatus kind="error">{t('auth.reset.failed')}</FormStatus>
        <RecoverAgain />
      </StaticPage>
    );
  }

  return (
    <StaticPage title={t('account.resetText')}>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          kind="new"
          id={`${id}-password`}
          value={password}
          onValueChange={setPassword}
          required
        />
        <button type="submit" className="button button--primary" disabled={reset.isPending || done}>
          {t('account.resetAction')}
        </button>
      </form>
      {done && <FormStatus kind="success">{t('auth.reset.done')}</FormStatus>}
      {error && (
        <>
          <FormStatus kind="error">{error}</FormStatus>
          {linkFailed && <RecoverAgain />}
        </>
      )}
    </StaticPage>
  );
}
