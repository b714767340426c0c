import { useId } from 'react';
import { useAdminAction } from './ActionSection';
import { StatusRegion } from '../../../components/FormStatus';

const CONFIRM_REAL =
  '¿Enviar el email semanal a todos los usuarios suscritos? No se puede deshacer.';

export function WeeklyEmailSection() {
  const id = useId();
  const { busy, message, run } = useAdminAction('Error al enviar emails');

  function sendToEveryone() {
    // A real send reaches every subscriber: ask first.
    if (!window.confirm(CONFIRM_REAL)) return;
    void run('/api/sendWeeklyEmail', { modo: 'real' });
  }

  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>Enviar email semanal</h2>
      <p className="admin-hint">
        La prueba se envía solo a los administradores; el envío real, a todos los suscritos.
      </p>
      <div className="admin-buttons">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void run('/api/sendWeeklyEmail', { modo: 'prueba' })}
        >
          Enviar prueba
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={sendToEveryone}
        >
          Enviar a todos
        </button>
      </div>
      <StatusRegion message={message} />
    </section>
  );
}
