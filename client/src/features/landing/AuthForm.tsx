import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link, useNavigate } from 'react-router';
import { isEmail } from '@common/text/limits';
import { FormStatus } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { ApiError } from '@/lib/api';
import { newPasswordProblem } from '@/lib/passwordProblem';
import { homePathFor, setSessionUser } from '@/lib/session';
import { useField } from '@/lib/useField';
import { authenticate, type AuthMode } from '@/features/auth/queries';

/** Email + password sign-up, or login after the toggle. */
export function AuthForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const t = useText();
  const errorText = useErrorText();
  const [mode, setMode] = useState<AuthMode>('register');
  const email = useField(`${id}-email`);
  const password = useField(`${id}-password`);
  // A problem found before sending; the server's answer lives in the mutation.
  const [problem, setProblem] = useState('');
  const auth = useMutation({
    mutationFn: authenticate,
    onSuccess: (user, { mode: sentMode }) => {
      setSessionUser(queryClient, user);
      void navigate(sentMode === 'register' ? '/liked-music-genres' : homePathFor(user), {
        replace: true,
      });
    },
    onError: (caught) => {
      if (caught instanceof ApiError && caught.status === 409) setMode('login');
    },
  });
  // Still busy after success: the page is about to change.
  const busy = auth.isPending || auth.isSuccess;
  const canSend = isEmail(email.value) && !busy;
  const failure = auth.error;
  const error = problem || (failure ? errorText(failure, 'auth.unexpected') : '');

  function toggleMode() {
    setMode((current) => (current === 'register' ? 'login' : 'register'));
    setProblem('');
    auth.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    // Only a new password follows the rules: accounts made under older ones still sign in.
    const found = mode === 'register' ? newPasswordProblem(password.value) : undefined;
    auth.reset();
    setProblem(found ? t(found) : '');
    if (found) return;
    auth.mutate({ mode, email: email.value.trim(), password: password.value });
  }

  const isRegister = mode === 'register';
  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate>
      <AuthInput
        {...email}
        name="email"
        label={t('auth.email')}
        autoComplete="email"
        placeholder={t('auth.email')}
      />
      <AuthInput
        {...password}
        name="password"
        label={t('auth.password')}
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        placeholder={t('auth.passwordPlaceholder')}
      />
      <button type="submit" className="button button--accent auth-form__submit" disabled={!canSend}>
        {t(isRegister ? 'auth.register' : 'auth.login')}
      </button>
      {error && (
        <FormStatus kind="error" className="auth-form__error">
          {error}
        </FormStatus>
      )}
      <p className="auth-form__links">
        <button type="button" className="auth-form__toggle" onClick={toggleMode}>
          {t(isRegister ? 'auth.toLogin' : 'auth.toRegister')}
        </button>
        {!isRegister && <Link to="/recover">{t('auth.forgot')}</Link>}
      </p>
    </form>
  );
}

/** One required field of the form; its label is for screen readers, the placeholder shows it. */
function AuthInput({
  label,
  onValueChange,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  name: 'email' | 'password';
  label: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={input.id} className="visually-hidden">
        {label}
      </label>
      <input
        {...input}
        type={input.name} // email or password, as named
        className="auth-form__input"
        onChange={(event) => onValueChange(event.target.value)}
        required
      />
    </>
  );
}
