import { Link, useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { SignOutButton } from './SignOutButton';

function AccountActions() {
  const navigate = useNavigate();
  return (
    <nav aria-label="Tu cuenta" className="site-header__actions">
      <button type="button" className="header-button" onClick={() => void navigate('/profile')}>
        Mi perfil
      </button>
      <SignOutButton className="header-button header-button--ghost" />
    </nav>
  );
}

export function SiteHeader() {
  // The server renders every page knowing the session, so the header comes right in the HTML.
  const { data } = useSession();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src="/logo.webp" alt="" width="40" height="40" className="site-logo__image" />
          <span className="site-logo__text">Conciertos Mallorca</span>
        </Link>
        {data?.user && <AccountActions />}
      </div>
    </header>
  );
}
