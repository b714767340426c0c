import { Link } from 'react-router-dom';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src="/logo.svg" alt="" width="40" height="40" className="site-logo__image" />
          <span className="site-logo__text">Conciertos Mallorca</span>
        </Link>
        {/* The accounts issue adds 'Mi perfil' and 'Cerrar sesión' here. */}
      </div>
    </header>
  );
}
