import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormStatus } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';

const REDIRECT_DELAY_MS = 2500;

/** The alert for onboarding without a session, then back to the landing. */
export function NoSessionNotice() {
  const navigate = useNavigate();
  const t = useText();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="page page--compact">
      <FormStatus kind="error">{t('onboarding.noSession')}</FormStatus>
      <p>
        <Link to="/" replace>
          {t('onboarding.backHome')}
        </Link>
      </p>
    </div>
  );
}
