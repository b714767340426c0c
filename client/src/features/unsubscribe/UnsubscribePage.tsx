import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { MessageResponse } from '@common/dto';
import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { StaticPage } from '@/components/StaticPage';
import { ApiError, apiFetch } from '@/lib/api';

const INVALID = 'El enlace de baja no es válido.';
const FAILED = 'Ha ocurrido un error al procesar tu baja. Por favor, inténtalo más tarde.';

/** What each list's page says: the weekly mail, or the artist alerts alone (`list=alerts`). */
const LISTS = {
  weekly: {
    title: 'Baja del email semanal',
    explanation:
      'Si te das de baja, dejarás de recibir el email semanal con tus conciertos recomendados. Puedes seguir usando la web con normalidad.',
    done: 'Has sido dado de baja correctamente.',
  },
  alerts: {
    title: 'Baja de los avisos de tus artistas favoritos',
    explanation:
      'Si te das de baja, dejarás de recibir avisos cuando se anuncie un concierto de tus artistas favoritos. El email semanal no cambia. Puedes volver a activar los avisos en tu perfil.',
    done: 'Ya no recibirás avisos de tus artistas favoritos.',
  },
} as const;

function unsubscribe(body: { userId: string; token: string; list: keyof typeof LISTS }) {
  return apiFetch<MessageResponse>('/api/unsubscribe', { method: 'POST', body });
}

/**
 * The unsubscribe link of the weekly mail or of the artist alerts. Opening it does nothing by
 * itself (mail scanners open links); the person confirms with a button.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const list = params.get('list') === 'alerts' ? 'alerts' : 'weekly';
  const texts = LISTS[list];
  const mutation = useMutation({
    mutationFn: unsubscribe,
    onError: (error) => console.error('No se ha podido procesar la baja', error),
  });

  let content;
  if (!userId || !token) {
    content = <FormStatus kind="error">{INVALID}</FormStatus>;
  } else if (mutation.isSuccess) {
    content = <FormStatus kind="success">{texts.done}</FormStatus>;
  } else {
    const error = mutation.error;
    const invalid = error instanceof ApiError && error.status === 400;
    content = (
      <>
        {!invalid && (
          <>
            <p>{texts.explanation}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate({ userId, token, list })}
            >
              {mutation.isPending ? 'Procesando...' : 'Darme de baja'}
            </button>
          </>
        )}
        {mutation.isPending && <Loading>Procesando tu baja...</Loading>}
        {error && <FormStatus kind="error">{invalid ? INVALID : FAILED}</FormStatus>}
      </>
    );
  }

  return (
    <StaticPage title={texts.title}>
      {content}
      <p>
        <Link to="/">Volver a la portada</Link>
      </p>
    </StaticPage>
  );
}
