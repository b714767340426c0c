import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { logOut, useSession } from '../lib/session';

function AccountActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function handleLogout() {
    setLeaving(true);
    try {
      await logOut(queryClient);
    } catch (error) {
      // The local session is forgotten anyway; the server one expires on its own.
      console.error('No se ha podido cerrar la sesión en el servidor', error);
    } finally {
      setLeaving(false);
      void navigate('/', { replace: true });
    }
  }

  return (
    <nav aria-label="Tu cuenta" className="site-header__actions">
      <button type="button" className="header-button" onClick={() => void navigate('/profile')}>
        Mi perfil
      </button>
      <button
        type="button"
        className="header-button header-button--ghost"
        onClick={() => void handleLogout()}
        disabled={leaving}
      >
        Cerrar sesión
      </button>
    </nav>
  );
}

export function SiteHeader() {
  const { data } = useSession();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src="/logo.svg" alt="" width="40" height="40" className="site-logo__image" />
          <span className="site-logo__text">Conciertos Mallorca</span>
        </Link>
        {data?.user && <AccountActions />}
      </div>
    </header>
  );
}
