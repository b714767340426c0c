import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isEmail } from '@common/text/limits';
import { FormStatus } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { ApiError } from '@/lib/api';
import { newPasswordProblem } from '@/lib/passwordProblem';
import { homePathFor, setSessionUser } from '@/lib/session';
import { formText } from '@/lib/formText';
import { useField } from '@/lib/useField';
import { authenticate, type AuthMode } from '@/features/auth/queries';

/** `/?modo=login`: the landing's form in login mode, rendered so by the server too. */
export const LOGIN_MODE_PARAM = 'modo';

/** Email + password sign-up, or login at `?modo=login`: the toggle is a link, working before hydration. */
export function AuthForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const t = useText();
  const errorText = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get(LOGIN_MODE_PARAM) === 'login' ? 'login' : 'register';
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
      if (caught instanceof ApiError && caught.status === 409) {
        setSearchParams({ [LOGIN_MODE_PARAM]: 'login' }, { replace: true });
      }
    },
  });
  // Still busy after success: the page is about to change.
  const busy = auth.isPending || auth.isSuccess;
  const failure = auth.error;
  const error = problem || (failure ? errorText(failure, 'auth.unexpected') : '');

  function forgetOutcome() {
    setProblem('');
    auth.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // From the form itself: what was typed before the app took over is in the fields, not yet in
    // the state (a press before hydration is replayed, client/src/app/EarlyTaps.tsx).
    const typedEmail = formText(event.currentTarget, 'email').trim();
    const typedPassword = formText(event.currentTarget, 'password');
    email.onValueChange(typedEmail);
    password.onValueChange(typedPassword);
    // Only a new password follows the rules: accounts made under older ones still sign in.
    const found = !isEmail(typedEmail)
      ? 'error.email.invalid'
      : mode === 'register'
        ? newPasswordProblem(typedPassword)
        : undefined;
    auth.reset();
    setProblem(found ? t(found) : '');
    if (found) return;
    auth.mutate({ mode, email: typedEmail, password: typedPassword });
  }

  const isRegister = mode === 'register';
  return (
    // POST: before the app takes over, a submit never puts the password in the address.
    <form className="auth-form" method="post" onSubmit={handleSubmit} noValidate>
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
      <button type="submit" className="button button--accent auth-form__submit" disabled={busy}>
        {t(isRegister ? 'auth.register' : 'auth.login')}
      </button>
      {error && (
        <FormStatus kind="error" className="auth-form__error">
          {error}
        </FormStatus>
      )}
      <p className="auth-form__links">
        <Link
          to={{ search: isRegister ? `?${LOGIN_MODE_PARAM}=login` : '' }}
          replace
          className="auth-form__toggle"
          onClick={forgetOutcome}
        >
          {t(isRegister ? 'auth.toLogin' : 'auth.toRegister')}
        </Link>
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
