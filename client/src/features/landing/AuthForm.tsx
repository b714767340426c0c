import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SessionUserDto } from '../../../../common/dto';
import { isEmail, PASSWORD_PLACEHOLDER, passwordLengthProblem } from '../../../../common/rules';
import { ApiError, apiFetch } from '../../lib/api';
import { homePathFor, setSessionUser } from '../../lib/session';
import { FormStatus } from '../../components/FormStatus';

type Mode = 'register' | 'login';

const UNEXPECTED = 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.';

/** Email + password sign-up, or login after the toggle. */
export function AuthForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const [mode, setMode] = useState<Mode>('register');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  function toggleMode() {
    setMode((current) => (current === 'register' ? 'login' : 'register'));
    setError('');
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isEmail(email) || loading) return;
    // Only a new password follows the rules: accounts made under older ones still sign in.
    const problem = mode === 'register' ? passwordLengthProblem(password) : undefined;
    if (problem) {
      setError(problem);
      return;
    }
    setLoading(true);
    setError('');
    try {
      const { user } = await apiFetch<{ user: SessionUserDto }>(`/api/auth/${mode}`, {
        method: 'POST',
        body: { email: email.trim(), password },
      });
      setSessionUser(queryClient, user);
      void navigate(mode === 'register' ? '/liked-music-genres' : homePathFor(user), {
        replace: true,
      });
    } catch (caught) {
      setLoading(false);
      setError(caught instanceof ApiError ? caught.message : UNEXPECTED);
      if (caught instanceof ApiError && caught.status === 409) setMode('login');
    }
  }

  const isRegister = mode === 'register';
  return (
    <form className="auth-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <label htmlFor={`${id}-email`} className="visually-hidden">
        Email
      </label>
      <input
        id={`${id}-email`}
        className="auth-form__input"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      <label htmlFor={`${id}-password`} className="visually-hidden">
        Contraseña
      </label>
      <input
        id={`${id}-password`}
        className="auth-form__input"
        type="password"
        name="password"
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        placeholder={PASSWORD_PLACEHOLDER}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <button type="submit" className="auth-form__submit" disabled={!isEmail(email) || loading}>
        {isRegister ? 'Ver Conciertos' : 'Genial verte de nuevo'}
      </button>
      {error && (
        <FormStatus kind="error" className="auth-form__error">
          {error}
        </FormStatus>
      )}
      <p className="auth-form__links">
        <button type="button" className="auth-form__toggle" onClick={toggleMode}>
          {isRegister ? 'Ya tienes cuenta? Inicia sesión' : 'No tienes cuenta? Regístrate'}
        </button>
        {!isRegister && <Link to="/recover">Olvidaste tu contraseña?</Link>}
      </p>
    </form>
  );
}
