import { useId } from 'react';
import type { Feedback } from '@common/genres/genres';
import { FormStatus } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { useFeedbackMutation } from '../shared/queries';
import { ThumbIcon } from '@/components/icons';

interface FeedbackButtonsProps {
  concertId: number;
  feedback: Feedback;
  signedIn: boolean;
}

/** Thumbs up sets 1, down sets -1, pressing the active one again resets to 0. */
export function FeedbackButtons({ concertId, feedback, signedIn }: FeedbackButtonsProps) {
  const id = useId();
  const mutation = useFeedbackMutation(concertId);
  const t = useText();
  const errorText = useErrorText();
  const signIn = t('concert.feedbackSignIn');
  const up = t('concert.feedbackUp');
  const down = t('concert.feedbackDown');

  function choose(value: 1 | -1) {
    if (!signedIn || mutation.isPending) return;
    mutation.mutate(feedback === value ? 0 : value);
  }

  return (
    <div className="concert-feedback" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="concert-feedback__title">
        {t('concert.feedbackTitle')}
      </span>
      <button
        type="button"
        className="pill icon-button"
        aria-pressed={feedback === 1}
        aria-label={up}
        title={signedIn ? up : signIn}
        disabled={!signedIn}
        aria-busy={mutation.isPending}
        onClick={() => choose(1)}
      >
        <ThumbIcon />
      </button>
      <button
        type="button"
        className="pill icon-button"
        aria-pressed={feedback === -1}
        aria-label={down}
        title={signedIn ? down : signIn}
        disabled={!signedIn}
        aria-busy={mutation.isPending}
        onClick={() => choose(-1)}
      >
        <ThumbIcon down />
      </button>
      {!signedIn && <span className="visually-hidden">{signIn}</span>}
      {mutation.isError && (
        <FormStatus kind="error" className="going-button__error">
          {errorText(mutation.error, 'concert.feedbackFailed')}
        </FormStatus>
      )}
    </div>
  );
}
