import type { AdminOverviewResponse } from '@common/dto';
import { countOf, momentOf } from '../format';

/** How the last weekly campaign went: when, test or real, sent, failed and still pending. */
export function LastWeeklyMail({ weekly }: { weekly: AdminOverviewResponse['lastWeeklyMail'] }) {
  if (!weekly) return <p>Aún no se ha enviado ninguno.</p>;
  return (
    <>
      <p>
        {weekly.mode === 'real' ? 'Envío real' : 'Prueba'} del {momentOf(weekly.startedAt)}
      </p>
      <p className="admin-hint">
        {weekly.sent.toLocaleString('es-ES')} de {countOf(weekly.recipients, 'email', 'emails')}{' '}
        enviados · {weekly.failed} fallidos · {weekly.pending} pendientes
      </p>
    </>
  );
}
