// The fan's switch for the mails about changes to concerts they liked (date, time, venue, price,
// cancellation). Saved at once; the checkbox shows the saved state.
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { SETTING_NOT_SAVED, useProfileSetting } from '../queries';

export function ChangeNoticesSwitch({ enabled }: { enabled: boolean }) {
  const save = useProfileSetting((changeNotices: boolean) => ({ changeNotices }));
  return (
    <TitledSection className="profile-actions" title="Avisos de cambios">
      <label className="admin-check">
        <input
          type="checkbox"
          checked={enabled}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        Avísame por email si cambia o se cancela un concierto que me gusta
      </label>
      <StatusRegion message={save.isError ? { kind: 'error', text: SETTING_NOT_SAVED } : null} />
    </TitledSection>
  );
}
