// How often the fan hears of new concerts of their favourite artists: at once, in one mail a day,
// or never. Saved as soon as it is chosen; the radio buttons show the saved choice.
import type { AlertFrequency } from '@common/rules';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { SETTING_NOT_SAVED, useProfileSetting } from '../queries';

const OPTIONS: { value: AlertFrequency; label: string }[] = [
  { value: 'instant', label: 'En cuanto se anuncien' },
  { value: 'daily', label: 'Un resumen al día' },
  { value: 'never', label: 'Nunca' },
];

export function AlertFrequencyChoice({ frequency }: { frequency: AlertFrequency }) {
  const save = useProfileSetting((alertFrequency: AlertFrequency) => ({ alertFrequency }));
  // While saving, the choice being saved is shown. The buttons stay enabled: arrow keys move the
  // choice, and a disabled group would drop the keyboard's focus at each step.
  const shown = save.isPending ? save.variables : frequency;
  return (
    <TitledSection className="profile-actions" title="Avisos de tus artistas favoritos">
      <fieldset className="fieldset alert-frequency" aria-busy={save.isPending}>
        <legend>Cuando se anuncie un concierto de uno de tus artistas favoritos, avísame:</legend>
        {OPTIONS.map((option) => (
          <label key={option.value} className="admin-check">
            <input
              type="radio"
              name="alert-frequency"
              value={option.value}
              checked={shown === option.value}
              onChange={() => save.mutate(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <StatusRegion message={save.isError ? { kind: 'error', text: SETTING_NOT_SAVED } : null} />
    </TitledSection>
  );
}
