// A concert's actions, in its list row and on its own page. Deleting asks first; cancelling keeps
// the concert (shown as 'Cancelado') and tells the fans who liked it.
import { useState } from 'react';
import type { AdminConcertDto } from '@common/admin-rules';
import { StatusRegion } from '@/components/FormStatus';
import { cancelConcert, deleteConcert, duplicateConcert, restoreConcert } from '../manage-api';
import { latestMessage, useAdminMutation } from '../useAdminMutation';
import { RowButton, useDeleteMutation } from './RowActions';

interface ConcertActionsProps {
  concert: AdminConcertDto;
  /** What follows a duplicate (the concert's page opens the copy) and a delete. */
  onDuplicated?: (copyId: number) => void;
  onDeleted?: () => void;
}

export function ConcertActions({ concert, onDuplicated, onDeleted }: ConcertActionsProps) {
  const [confirming, setConfirming] = useState(false);
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
    onSuccess: (copy) => onDuplicated?.(copy.id),
  });
  const remove = useDeleteMutation(deleteConcert, 'Concierto borrado.', onDeleted);

  return (
    <>
      <div className="admin-row__actions">
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
    </>
  );
}
