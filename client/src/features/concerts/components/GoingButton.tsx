import { useId } from 'react';
import { FormStatus } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { useGoingMutation } from '../shared/queries';

/** How many fans go, never who: '3 van' to the eye, '3 fans van' to a screen reader. */
export function GoingCount({ count, id }: { count: number; id?: string }) {
  const t = useText();
  return (
    <span id={id} className="going-count">
      <span aria-hidden="true">{t('concert.goingCount', { count })}</span>
      <span className="visually-hidden">{t('concert.goingCountFans', { count })}</span>
    </span>
  );
}

interface GoingButtonProps {
  concertId: number;
  going: boolean;
  goingCount: number;
  signedIn: boolean;
  /** Cancelled or past: one can only take a "Voy" back. */
  closed: boolean;
}

/** Optimistic "Voy" toggle; a click while the previous one is in flight is ignored. */
export function GoingButton({ concertId, going, goingCount, signedIn, closed }: GoingButtonProps) {
  const countId = useId();
  const mutation = useGoingMutation(concertId);
  const locked = closed && !going;
  const t = useText();
  const errorText = useErrorText();
  const signIn = t('concert.goingSignIn');

  function toggle() {
    if (!signedIn || locked || mutation.isPending) return;
    mutation.mutate(!going);
  }

  return (
    <>
      <button
        type="button"
        className={`pill like-button going-button${going ? ' going-button--on' : ''}`}
        aria-pressed={going}
        aria-label={signedIn ? t('concert.going') : signIn}
        title={signedIn ? (locked ? t('concert.goingClosed') : undefined) : signIn}
        disabled={!signedIn || locked}
        aria-describedby={countId}
        aria-busy={mutation.isPending}
        onClick={toggle}
      >
        {t('concert.going')}
        <GoingCount id={countId} count={goingCount} />
      </button>
      {mutation.isError && (
        <FormStatus kind="error" className="going-button__error">
          {errorText(mutation.error, 'concert.goingFailed')}
        </FormStatus>
      )}
    </>
  );
}
