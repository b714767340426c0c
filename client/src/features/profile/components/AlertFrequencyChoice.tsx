// How often the fan hears of new concerts of their favourite artists: at once, in one mail a day,
// or never. Saved as soon as it is chosen; the radio buttons show the saved choice.
import { ALERT_FREQUENCIES, type AlertFrequency } from '@common/profile/limits';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useText } from '@/i18n/IntlContext';
import { useProfileSetting } from '../shared/queries';

export function AlertFrequencyChoice({ frequency }: { frequency: AlertFrequency }) {
  const save = useProfileSetting((alertFrequency: AlertFrequency) => ({ alertFrequency }));
  // While saving, the choice being saved is shown. The buttons stay enabled: arrow keys move the
  // choice, and a disabled group would drop the keyboard's focus at each step.
  const shown = save.isPending ? save.variables : frequency;
  const t = useText();
  return (
    <TitledSection className="profile-actions" title={t('profile.alerts.title')}>
      <fieldset className="fieldset alert-frequency" aria-busy={save.isPending}>
        <legend>{t('profile.alerts.legend')}</legend>
        {ALERT_FREQUENCIES.map((value) => (
          <label key={value} className="admin-check">
            <input
              type="radio"
              name="alert-frequency"
              value={value}
              checked={shown === value}
              onChange={() => save.mutate(value)}
            />
            {t(`profile.alerts.${value}`)}
          </label>
        ))}
      </fieldset>
      <StatusRegion
        message={save.isError ? { kind: 'error', text: t('profile.settingNotSaved') } : null}
      />
    </TitledSection>
  );
}
