import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MessageResponse } from '../../../../common/dto';
import { StaticPage } from '../../components/StaticPage';
import { ApiError, apiFetch } from '../../lib/api';
import { sessionKeys } from '../../lib/session';
import { useFragmentToken } from '../../lib/useFragmentToken';
import { profileKeys } from '../profile/keys';
import { FormStatus } from '../../components/FormStatus';
import { Loading } from '../../components/Loading';

const TITLE = 'Verifica tu email';
const INVALID = 'El enlace no es válido o ha caducado.';
const FAILED = 'No hemos podido verificar tu email. Inténtalo de nuevo más tarde.';

function verifyEmail(token: string) {
  return apiFetch<MessageResponse>('/api/auth/verify-email', { method: 'POST', body: { token } });
}

function NewLinkHint() {
  return (
    <p>
      Puedes pedir un enlace nuevo desde <Link to="/profile">tu perfil</Link>.
    </p>
  );
}

/**
 * The link in the welcome mail. Opening it does nothing by itself: mail scanners open links (some
 * run their scripts too), and a scanner must not confirm an address for whoever registered it.
 * The person confirms with a button.
 */
export function VerifyEmailPage() {
  const token = useFragmentToken();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail() });
    },
  });

  if (token === undefined) return <Loading />;
  if (!token) {
    return (
      <StaticPage title={TITLE}>
        <FormStatus kind="error">{INVALID}</FormStatus>
        <NewLinkHint />
      </StaticPage>
    );
  }

  if (mutation.isSuccess) {
    return (
      <StaticPage title={TITLE}>
        <FormStatus kind="success">{mutation.data.message}</FormStatus>
        <p>
          <Link to="/myconcerts">Ver mis conciertos</Link>
        </p>
      </StaticPage>
    );
  }

  const error = mutation.error;
  // A used, expired or unknown link cannot work on a second try: no button then.
  const invalid = error instanceof ApiError && error.status === 400;
  const message = error instanceof ApiError && error.status === 429 ? error.message : FAILED;
  return (
    <StaticPage title={TITLE}>
      {!invalid && (
        <>
          <p>
            Confirma que este email es tuyo para recibir cada semana tus conciertos recomendados.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(token)}
          >
            {mutation.isPending ? 'Verificando...' : 'Verificar mi email'}
          </button>
        </>
      )}
      {mutation.isPending && <Loading>Verificando tu email...</Loading>}
      {error && (
        <>
          <FormStatus kind="error">{invalid ? INVALID : message}</FormStatus>
          {invalid && <NewLinkHint />}
        </>
      )}
    </StaticPage>
  );
}
