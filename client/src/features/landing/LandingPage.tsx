import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { signInErrorCode } from '@common/auth/sign-in-errors';
import { BandsFormLink } from '@/components/BandsFormLink';
import { useText } from '@/i18n/IntlContext';
import { AuthForm } from './AuthForm';
import { ProviderButtons } from './ProviderButtons';
import { FormStatus } from '@/components/FormStatus';
import { lazyPage } from '@/lib/lazyPage';
import './LandingPage.css';

/**
 * The carousel's code comes apart from the landing's first script: the server renders it into the
 * HTML, and React hydrates it once its code is here (the server loads it before any render).
 */
export const carousel = lazyPage(() => import('./CarouselSection').then((m) => m.CarouselSection));

export function LandingPage() {
  // The server sends failed Google/Spotify sign-ins back here as /?error=<code>. Only the fixed
  // text of a known code is shown, never words taken from the address.
  const [searchParams] = useSearchParams();
  const t = useText();
  const errorCode = searchParams.get('error');
  const providerError = errorCode === null ? null : t(`signInError.${signInErrorCode(errorCode)}`);
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__text">
            <h1 id="hero-title" className="hero__title">
              {t('landing.title')}
            </h1>
            <p className="hero__subtitle">{t('landing.subtitle')}</p>
            <div className="hero__auth">
              {providerError && (
                <FormStatus kind="error" className="auth-form__error">
                  {providerError}
                </FormStatus>
              )}
              <ProviderButtons />
              <AuthForm />
            </div>
            <p className="hero__bands">
              {t('landing.bandsQuestion')} <BandsFormLink className="hero__bands-link" />
            </p>
          </div>
          <div className="hero__equalizer" aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
            <span />
          </div>
        </div>
      </section>
      <div className="landing__carousel">
        <Suspense fallback={<div className="carousel-skeleton" aria-hidden="true" />}>
          <carousel.Page />
        </Suspense>
      </div>
    </div>
  );
}
