import { useAdminAction } from './ActionSection';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useOverview } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { LastWeeklyMail } from './LastWeeklyMail';

export function WeeklyEmailSection() {
  const t = useAdminText();
  const { pending, message, run } = useAdminAction(t('admin.weekly.failed'));
  const overview = useOverview();

  function sendToEveryone() {
    // A real send reaches every subscriber: ask first.
    if (!window.confirm(t('admin.weekly.confirmReal'))) return;
    run({ path: '/api/sendWeeklyEmail', body: { modo: 'real' } });
  }

  return (
    <TitledSection className="admin-card" title={t('admin.weekly.title')}>
      <p className="admin-hint">{t('admin.weekly.hint')}</p>
      <div className="admin-buttons">
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() => run({ path: '/api/sendWeeklyEmail', body: { modo: 'prueba' } })}
        >
          {t('admin.weekly.test')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={pending}
          onClick={sendToEveryone}
        >
          {t('admin.weekly.real')}
        </button>
      </div>
      <StatusRegion message={message} />
      <h3>{t('admin.weekly.lastTitle')}</h3>
      {overview.data ? (
        <LastWeeklyMail weekly={overview.data.lastWeeklyMail} />
      ) : (
        <p className="admin-hint">
          {t(overview.isError ? 'admin.weekly.loadFailed' : 'admin.loading')}
        </p>
      )}
    </TitledSection>
  );
}
