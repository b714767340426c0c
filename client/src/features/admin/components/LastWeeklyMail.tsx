import type { AdminOverviewResponse } from '@common/admin/types';
import { useAdminFormats } from '../shared/format';
import { useAdminText } from '../shared/texts';

/** How the last weekly campaign went: when, test or real, sent, failed and still pending. */
export function LastWeeklyMail({ weekly }: { weekly: AdminOverviewResponse['lastWeeklyMail'] }) {
  const t = useAdminText();
  const formats = useAdminFormats();
  if (!weekly) return <p>{t('admin.weekly.lastNone')}</p>;
  return (
    <>
      <p>
        {t('admin.weekly.last', { mode: weekly.mode, moment: formats.moment(weekly.startedAt) })}
      </p>
      <p className="admin-hint">
        {t('admin.weekly.lastCounts', {
          sent: weekly.sent,
          recipients: weekly.recipients,
          failed: weekly.failed,
          pending: weekly.pending,
        })}
      </p>
    </>
  );
}
