// 'Sesiones activas': the browsers signed in to this account, each with a button to end it, and
// one to end all but this one (GET/DELETE /api/profile/sessions).
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SessionDto } from '@common/dto';
import { ApiError } from '@/lib/api';
import { calendarKeys } from '@/features/calendar/queries';
import { profileKeys } from '../keys';
import { endOtherSessions, endSession, useSessions } from '../queries';
import { FormStatus, StatusRegion } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import './SessionsSection.css';

const dateTimeFormat = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});
const formatInstant = (iso: string) => dateTimeFormat.format(new Date(iso));

const messageOf = (caught: unknown) =>
  caught instanceof ApiError ? caught.message : 'Ha ocurrido un error inesperado.';

function SessionRow({
  session,
  busy,
  onEnd,
}: {
  session: SessionDto;
  busy: boolean;
  onEnd: (session: SessionDto) => void;
}) {
  const signedIn = formatInstant(session.signedInAt);
  return (
    <li className="session-row">
      <div className="session-row__text">
        <p className="session-row__device">
          {session.device}
          {session.current && <span className="session-row__badge">Esta sesión</span>}
        </p>
        <p className="profile-hint">
          Inicio de sesión: {signedIn}
          <br />
          Última actividad: {session.current ? 'ahora' : formatInstant(session.lastActiveAt)}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Cerrar sesión: ${session.device}, iniciada el ${signedIn}`}
          disabled={busy}
          onClick={() => onEnd(session)}
        >
          Cerrar sesión
        </button>
      )}
    </li>
  );
}

export function SessionsSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useSessions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function run(action: () => Promise<void>, success: string, failure: string) {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await action();
      setDone(success);
    } catch (caught) {
      setError(`${failure}: ${messageOf(caught)}`);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
      // Closing the other sessions also revokes the private calendar link.
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed() });
    }
  }

  const others = data?.sessions.filter((session) => !session.current) ?? [];

  return (
    <section className="profile-section" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>Sesiones activas</h2>
      {isPending ? (
        <Loading className="profile-loading">Cargando sesiones...</Loading>
      ) : isError ? (
        <FormStatus kind="error">No se pudieron cargar tus sesiones.</FormStatus>
      ) : (
        <>
          <ul className="session-list" aria-labelledby={`${id}-title`}>
            {data.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy}
                onEnd={(target) =>
                  void run(
                    () => endSession(target.id),
                    'Sesión cerrada.',
                    'No se pudo cerrar la sesión',
                  )
                }
              />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="profile-empty">No tienes otras sesiones abiertas.</p>
          ) : (
            <div className="profile-actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() =>
                  void run(
                    endOtherSessions,
                    'Se han cerrado las demás sesiones.',
                    'No se pudieron cerrar las demás sesiones',
                  )
                }
              >
                Cerrar las demás sesiones
              </button>
            </div>
          )}
        </>
      )}
      <StatusRegion message={done ? { kind: 'success', text: done } : null} />
      {error && <FormStatus kind="error">{error}</FormStatus>}
    </section>
  );
}
