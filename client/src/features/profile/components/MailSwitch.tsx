// The fan's switches for mails they may turn off or on: the notices of changes to concerts they
// liked (date, time, venue, price, cancellation) and the reminder the day before their concerts.
// Saved at once; the checkbox shows the saved state.
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { SETTING_NOT_SAVED, useProfileSetting } from '../queries';

const SWITCHES = {
  changeNotices: {
    title: 'Avisos de cambios',
    label: 'Avísame por email si cambia o se cancela un concierto que me gusta',
  },
  showReminders: {
    title: 'Recordatorio',
    label: 'Recordatorio el día antes de tus conciertos',
  },
} as const;

export function MailSwitch({ field, enabled }: { field: keyof typeof SWITCHES; enabled: boolean }) {
  const save = useProfileSetting((on: boolean) => ({ [field]: on }));
  const { title, label } = SWITCHES[field];
  return (
    <TitledSection className="profile-actions" title={title}>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={enabled}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        {label}
      </label>
      <StatusRegion message={save.isError ? { kind: 'error', text: SETTING_NOT_SAVED } : null} />
    </TitledSection>
  );
}
