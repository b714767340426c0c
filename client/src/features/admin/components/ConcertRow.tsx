// One concert of the admin list with its actions. Deleting asks first; cancelling keeps the concert
// (shown as 'Cancelado') and tells the fans who liked it.
import { useState } from 'react';
import type { AdminConcertDto } from '@common/admin-rules';
import { StatusRegion } from '@/components/FormStatus';
import { cancelConcert, deleteConcert, duplicateConcert, restoreConcert } from '../manage-api';
import { latestMessage, useAdminMutation } from '../useAdminMutation';
import { ConcertEditor } from './ConcertEditor';
import { EditToggle, RowButton, useDeleteMutation } from './RowActions';

export const concertLabel = (concert: AdminConcertDto) => {
  const who =
    concert.bands.length > 0
      ? concert.bands.map((band) => band.name).join(' + ')
      : (concert.name ?? 'Sin nombre');
  return `${concert.day} ${concert.hour} · ${who} · ${concert.venue}`;
};

export function ConcertRow({ concert }: { concert: AdminConcertDto }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const label = concertLabel(concert);
  const cancel = useAdminMutation({
    mutationFn: cancelConcert,
    failure: 'Error al cancelar: ',
    success: 'Concierto cancelado.',
  });
  const restore = useAdminMutation({
    mutationFn: restoreConcert,
    failure: 'Error al reactivar: ',
    success: 'Concierto reactivado.',
  });
  const duplicate = useAdminMutation({
    mutationFn: (id: number) => duplicateConcert(id, ''),
    failure: 'Error al duplicar: ',
    success: 'Concierto duplicado: cambia su fecha en la copia.',
  });
  const remove = useDeleteMutation(deleteConcert, 'Concierto borrado.');

  return (
    <li className="admin-row" aria-label={label}>
      <p className="admin-row__title">
        {label}
        {concert.cancelledAt && <span className="admin-badge"> Cancelado</span>}
        <span className="admin-hint"> · {concert.likeCount} likes</span>
      </p>
      <div className="admin-row__actions">
        <EditToggle editing={editing} onToggle={() => setEditing((open) => !open)} />
        <RowButton disabled={duplicate.pending} onClick={() => duplicate.run(concert.id)}>
          Duplicar
        </RowButton>
        {concert.cancelledAt ? (
          <RowButton disabled={restore.pending} onClick={() => restore.run(concert.id)}>
            Reactivar
          </RowButton>
        ) : (
          <RowButton disabled={cancel.pending} onClick={() => cancel.run(concert.id)}>
            Cancelar concierto
          </RowButton>
        )}
        {confirming ? (
          <>
            <span>¿Borrar este concierto? Sus likes y puntuaciones se borran con él.</span>
            <button
              type="button"
              className="button button--primary"
              disabled={remove.pending}
              onClick={() => remove.run(concert.id)}
            >
              Sí, borrar
            </button>
            <RowButton onClick={() => setConfirming(false)}>No borrar</RowButton>
          </>
        ) : (
          <RowButton onClick={() => setConfirming(true)}>Borrar</RowButton>
        )}
      </div>
      <StatusRegion message={latestMessage(cancel, restore, duplicate, remove)} />
      {editing && <ConcertEditor concert={concert} />}
    </li>
  );
}
