import { ExternalLink } from '../../components/ExternalLink';
import { useAppConfig } from '../../lib/config';
import { CarouselSection } from './CarouselSection';
import './LandingPage.css';

export function LandingPage() {
  const { bandsFormUrl } = useAppConfig();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__text">
            <h1 id="hero-title" className="hero__title">
              TU AGENDA PERSONALIZADA DE CONCIERTOS
            </h1>
            <p className="hero__subtitle">
              Todos los conciertos de Mallorca en un solo sitio, con una nota de afinidad hecha a tu
              medida para que no se te escape ninguno que vaya contigo.
            </p>
            <div className="hero__auth">
              {/* Accounts issue: the Google button and the email + password form go here. */}
            </div>
            {bandsFormUrl && (
              <p className="hero__bands">
                ¿Tocas en Mallorca?{' '}
                <ExternalLink href={bandsFormUrl} className="hero__bands-link">
                  Publica tus conciertos
                </ExternalLink>
              </p>
            )}
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
        <CarouselSection />
      </div>
    </div>
  );
}
