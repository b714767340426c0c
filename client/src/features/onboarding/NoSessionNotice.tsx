import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormStatus } from '@/components/FormStatus';

const REDIRECT_DELAY_MS = 2500;

/** The alert for onboarding without a session, then back to the landing. */
export function NoSessionNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="page page--compact">
      <FormStatus kind="error">No hay sesión activa. Por favor, inicia sesión.</FormStatus>
      <p>
        <Link to="/" replace>
          Volver a la portada
        </Link>
      </p>
    </div>
  );
}
