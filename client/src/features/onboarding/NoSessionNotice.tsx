import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';

const REDIRECT_DELAY_MS = 2500;

/** The spec's alert for onboarding without a session, then back to the landing. */
export function NoSessionNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="onboarding-page">
      <p role="alert" className="form-message form-message--error">
        No hay sesión activa. Por favor, inicia sesión.
      </p>
      <p>
        <Link to="/" replace>
          Volver a la portada
        </Link>
      </p>
    </div>
  );
}
