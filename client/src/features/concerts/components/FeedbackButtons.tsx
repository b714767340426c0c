import { useId } from 'react';
import type { Feedback } from '@common/genres';
import { useFeedbackMutation } from '../queries';
import { ThumbIcon } from './icons';

interface FeedbackButtonsProps {
  concertId: number;
  feedback: Feedback;
  signedIn: boolean;
}

const SIGN_IN = 'Inicia sesión para valorar';

/** Thumbs up sets 1, down sets -1, pressing the active one again resets to 0. */
export function FeedbackButtons({ concertId, feedback, signedIn }: FeedbackButtonsProps) {
  const id = useId();
  const mutation = useFeedbackMutation(concertId);

  function choose(value: 1 | -1) {
    if (!signedIn || mutation.isPending) return;
    mutation.mutate(feedback === value ? 0 : value);
  }

  return (
    <div className="concert-feedback" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="concert-feedback__title">
        ¿Recomendación acertada?
      </span>
      <button
        type="button"
        className="pill icon-button"
        aria-pressed={feedback === 1}
        aria-label="Recomendación acertada"
        title={signedIn ? 'Recomendación acertada' : SIGN_IN}
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
        aria-label="Recomendación no acertada"
        title={signedIn ? 'Recomendación no acertada' : SIGN_IN}
        disabled={!signedIn}
        aria-busy={mutation.isPending}
        onClick={() => choose(-1)}
      >
        <ThumbIcon down />
      </button>
      {!signedIn && <span className="visually-hidden">{SIGN_IN}</span>}
    </div>
  );
}
