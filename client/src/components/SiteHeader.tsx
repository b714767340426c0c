import { Link, useNavigate } from '../lib/router';
import { useSession } from '../lib/session';
import { sessionHint } from '../lib/sessionHint';
import { SignOutButton } from './SignOutButton';

function AccountActions() {
  const navigate = useNavigate();
  return (
    <nav aria-label="Tu cuenta" className="site-header__actions">
      <button type="button" className="header-button" onClick={() => navigate('/profile')}>
        Mi perfil
      </button>
      <SignOutButton className="header-button header-button--ghost" />
    </nav>
  );
}

/**
 * The account buttons' room, kept while the session loads for a browser that sent a session
 * cookie: on a phone they wrap to a second row, and the page must not move down when they come.
 */
function AccountActionsRoom() {
  return (
    <div className="site-header__actions site-header__actions--room" aria-hidden="true">
      <button type="button" className="header-button" tabIndex={-1} disabled>
        Mi perfil
      </button>
      <button type="button" className="header-button header-button--ghost" tabIndex={-1} disabled>
        Cerrar sesión
      </button>
    </div>
  );
}

export function SiteHeader() {
  const { data, isPending } = useSession();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src="/logo.webp" alt="" width="40" height="40" className="site-logo__image" />
          <span className="site-logo__text">Conciertos Mallorca</span>
        </Link>
        {data?.user ? (
          <AccountActions />
        ) : (
          isPending && sessionHint === 'cookie' && <AccountActionsRoom />
        )}
      </div>
    </header>
  );
}
