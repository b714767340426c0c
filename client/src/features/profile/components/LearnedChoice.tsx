// Redoing the onboarding: the fan chooses whether what we learned from their 👍/👎, likes and
// 'Voy' stays or goes with the old tastes. Shown only when something was learned.
import { useId } from 'react';
import type { LearnedChoice as Choice } from '@common/learning/schemas';
import { useText } from '@/i18n/IntlContext';
import { useLearnedTastes } from '../shared/queries';

export function LearnedChoice({
  value,
  onChange,
}: {
  value: Choice;
  onChange: (choice: Choice) => void;
}) {
  const id = useId();
  const t = useText();
  const { data } = useLearnedTastes();
  const count = data?.tastes.length ?? 0;
  if (count === 0) return null;
  const option = (choice: Choice, label: string) => (
    <label className="admin-check">
      <input
        type="radio"
        name={`${id}-learned`}
        value={choice}
        checked={value === choice}
        onChange={() => onChange(choice)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="fieldset alert-frequency">
      <legend>{t('learned.choice.legend')}</legend>
      <p className="profile-hint">{t('learned.choice.hint', { count })}</p>
      {option('keep', t('learned.choice.keep'))}
      {option('forget', t('learned.choice.forget'))}
    </fieldset>
  );
}
