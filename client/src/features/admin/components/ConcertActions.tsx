// A concert's actions, in its list row and on its own page. Deleting asks first; cancelling keeps
// the concert (shown as 'Cancelado') and tells the fans who liked it.
import type { AdminConcertDto } from '@common/admin/types';
import { StatusRegion } from '@/components/FormStatus';
import { cancelConcert, deleteConcert, duplicateConcert, restoreConcert } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { latestMessage, useAdminMutation } from '../shared/useAdminMutation';
import { ConfirmedDelete, RowButton, useDeleteMutation } from './RowActions';

interface ConcertActionsProps {
  concert: AdminConcertDto;
  /** What follows a duplicate (the concert's page opens the copy) and a delete. */
  onDuplicated?: (copyId: number) => void;
  onDeleted?: () => void;
}

export function ConcertActions({ concert, onDuplicated, onDeleted }: ConcertActionsProps) {
  const t = useAdminText();
  const cancel = useAdminMutation({
    mutationFn: cancelConcert,
    failure: t('admin.concert.cancelFailed'),
    success: t('admin.concert.cancelDone'),
  });
  const restore = useAdminMutation({
    mutationFn: restoreConcert,
    failure: t('admin.concert.restoreFailed'),
    success: t('admin.concert.restoreDone'),
  });
  const duplicate = useAdminMutation({
    mutationFn: (id: number) => duplicateConcert(id, ''),
    failure: t('admin.concert.duplicateFailed'),
    success: t('admin.concert.duplicated'),
    onSuccess: (copy) => onDuplicated?.(copy.id),
  });
  const remove = useDeleteMutation(deleteConcert, t('admin.concert.deleted'), onDeleted);

  return (
    <>
      <div className="admin-row__actions">
        <RowButton disabled={duplicate.pending} onClick={() => duplicate.run(concert.id)}>
          {t('admin.concert.duplicate')}
        </RowButton>
        {concert.cancelledAt ? (
          <RowButton disabled={restore.pending} onClick={() => restore.run(concert.id)}>
            {t('admin.concert.restore')}
          </RowButton>
        ) : (
          <RowButton disabled={cancel.pending} onClick={() => cancel.run(concert.id)}>
            {t('admin.concert.cancel')}
          </RowButton>
        )}
        <ConfirmedDelete
          question={t('admin.concert.confirmDelete')}
          pending={remove.pending}
          onConfirm={() => remove.run(concert.id)}
        />
      </div>
      <StatusRegion message={latestMessage(cancel, restore, duplicate, remove)} />
    </>
  );
}
