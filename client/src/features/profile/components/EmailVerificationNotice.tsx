import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@common/dto';
import { ApiError, apiFetch } from '@/lib/api';
import { FormStatus, StatusRegion } from '@/components/FormStatus';

const FAILED = 'No hemos podido enviar el email. Inténtalo de nuevo más tarde.';

function sendVerificationEmail() {
  return apiFetch<MessageResponse>('/api/profile/verification-email', {
    method: 'POST',
    body: {},
  });
}

/** Under an unverified address: what it means, and a button that mails the link again. */
export function EmailVerificationNotice() {
  const mutation = useMutation({ mutationFn: sendVerificationEmail });
  const error = mutation.error;
  return (
    <div className="email-verification">
      <p>
        <strong className="email-unverified">Email sin verificar.</strong> Abre el enlace que te
        enviamos por email para recibir cada semana tus conciertos recomendados.
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {mutation.isPending ? 'Enviando...' : 'Enviar el enlace de nuevo'}
      </button>
      <StatusRegion
        message={mutation.isSuccess ? { kind: 'success', text: mutation.data.message } : null}
      />
      {error && (
        <FormStatus kind="error">{error instanceof ApiError ? error.message : FAILED}</FormStatus>
      )}
    </div>
  );
}
