// The fan's switches for mails they may turn off or on: the notices of changes to concerts they
// liked (date, time, venue, price, cancellation) and the reminder the day before their concerts.
// Saved at once; the checkbox shows the saved state.
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useText } from '@/i18n/IntlContext';
import { useProfileSetting } from '../shared/queries';

/** Each switch's words: `profile.<field>.title` and `.label`. */
type Field = 'changeNotices' | 'showReminders';

export function MailSwitch({ field, enabled }: { field: Field; enabled: boolean }) {
  const save = useProfileSetting((on: boolean) => ({ [field]: on }));
  const t = useText();
  return (
    <TitledSection className="profile-actions" title={t(`profile.${field}.title`)}>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={enabled}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        {t(`profile.${field}.label`)}
      </label>
      <StatusRegion
        message={save.isError ? { kind: 'error', text: t('profile.settingNotSaved') } : null}
      />
    </TitledSection>
  );
}
