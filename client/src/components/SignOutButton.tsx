import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useText } from '@/i18n/IntlContext';
import { logOut } from '@/lib/session';

/** 'Cerrar sesión': ends the session on the server, forgets it here, and goes to the landing. */
export function SignOutButton({ className }: { className: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const t = useText();

  async function signOut() {
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
    <button type="button" className={className} onClick={() => void signOut()} disabled={leaving}>
      {t('header.signOut')}
    </button>
  );
}
