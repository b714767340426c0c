import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MessageResponse } from '@common/dto';
import { MailedLinkPage } from '@/components/MailedLinkPage';
import { apiFetch } from '@/lib/api';
import { sessionKeys } from '@/lib/session';
import { profileKeys } from '@/features/profile/keys';

function verifyEmail(token: string) {
  return apiFetch<MessageResponse>('/api/auth/verify-email', { method: 'POST', body: { token } });
}

/** The link in the welcome mail: confirming it proves the mailbox is the fan's. */
export function VerifyEmailPage() {
  const queryClient = useQueryClient();
  return (
    <MailedLinkPage
      title="Verifica tu email"
      confirm={verifyEmail}
      onConfirmed={() => {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
        void queryClient.invalidateQueries({ queryKey: profileKeys.detail() });
      }}
      intro="Confirma que este email es tuyo para recibir cada semana tus conciertos recomendados."
      button={{
        label: 'Verificar mi email',
        pending: 'Verificando...',
        loading: 'Verificando tu email...',
      }}
      invalid={{
        text: 'El enlace no es válido o ha caducado.',
        hint: (
          <p>
            Puedes pedir un enlace nuevo desde <Link to="/profile">tu perfil</Link>.
          </p>
        ),
      }}
      failed="No hemos podido verificar tu email. Inténtalo de nuevo más tarde."
      next={
        <p>
          <Link to="/myconcerts">Ver mis conciertos</Link>
        </p>
      }
    />
  );
}
