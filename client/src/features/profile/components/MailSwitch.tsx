// The fan's switches for mails they may turn off or on: the notices of changes to concerts they
// liked (date, time, venue, price, cancellation) and the reminder the day before their concerts.
// Saved at once; the checkbox shows the saved state.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '@common/dto';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { profileKeys } from '../keys';
import { updateProfile } from '../queries';

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
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) => updateProfile({ [field]: on }),
    onSuccess: (profile: ProfileDto) => queryClient.setQueryData(profileKeys.detail(), profile),
  });
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
      <StatusRegion
        message={
          save.isError ? { kind: 'error', text: 'No se ha podido guardar el cambio.' } : null
        }
      />
    </TitledSection>
  );
}
