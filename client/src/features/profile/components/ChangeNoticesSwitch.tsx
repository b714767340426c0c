// The fan's switch for the mails about changes to concerts they liked (date, time, venue, price,
// cancellation). Saved at once; the checkbox shows the saved state.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '@common/dto';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { profileKeys } from '../keys';
import { updateProfile } from '../queries';

export function ChangeNoticesSwitch({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (changeNotices: boolean) => updateProfile({ changeNotices }),
    onSuccess: (profile: ProfileDto) => queryClient.setQueryData(profileKeys.detail(), profile),
  });
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
      <StatusRegion
        message={
          save.isError ? { kind: 'error', text: 'No se ha podido guardar el cambio.' } : null
        }
      />
    </TitledSection>
  );
}
