import { Link } from 'react-router';
import { useAppConfig } from '@/lib/config';
import { BandsFormLink } from './BandsFormLink';
import { ExternalLink } from './ExternalLink';

export function SiteFooter() {
  const { publicSiteUrl } = useAppConfig();
  return (
    <footer className="site-footer">
      <nav aria-label="Información del sitio" className="site-footer__nav">
        <ul>
          <li>
            <Link to="/conciertos">Agenda de conciertos</Link>
          </li>
          <li>
            <Link to="/about">Quiénes somos</Link>
          </li>
          <li>
            <Link to="/privacy">Privacidad</Link>
          </li>
          <li>
            <Link to="/terms">Términos</Link>
          </li>
          <li>
            <Link to="/contact">Contacto</Link>
          </li>
          <li>
            <BandsFormLink />
          </li>
          {publicSiteUrl && (
            <li>
              <ExternalLink href={publicSiteUrl}>Web pública de conciertos</ExternalLink>
            </li>
          )}
        </ul>
      </nav>
      <p className="site-footer__note">Conciertos Mallorca · Música en directo en la isla</p>
    </footer>
  );
}
