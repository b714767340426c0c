import { useAdminAction } from './ActionSection';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useOverview } from '../queries';
import { LastWeeklyMail } from './LastWeeklyMail';

const CONFIRM_REAL =
  '¿Enviar el email semanal a todos los usuarios suscritos? No se puede deshacer.';

export function WeeklyEmailSection() {
  const { pending, message, run } = useAdminAction('Error al enviar emails');
  const overview = useOverview();

  function sendToEveryone() {
    // A real send reaches every subscriber: ask first.
    if (!window.confirm(CONFIRM_REAL)) return;
    run({ path: '/api/sendWeeklyEmail', body: { modo: 'real' } });
  }

  return (
    <TitledSection className="admin-card" title="Enviar email semanal">
      <p className="admin-hint">
        La prueba se envía solo a los administradores; el envío real, a todos los suscritos.
      </p>
      <div className="admin-buttons">
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() => run({ path: '/api/sendWeeklyEmail', body: { modo: 'prueba' } })}
        >
          Enviar prueba
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={pending}
          onClick={sendToEveryone}
        >
          Enviar a todos
        </button>
      </div>
      <StatusRegion message={message} />
      <h3>Último envío</h3>
      {overview.data ? (
        <LastWeeklyMail weekly={overview.data.lastWeeklyMail} />
      ) : (
        <p className="admin-hint">{overview.isError ? 'No se ha podido cargar.' : 'Cargando...'}</p>
      )}
    </TitledSection>
  );
}
