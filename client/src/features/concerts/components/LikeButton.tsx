import { useId } from 'react';
import { useLikeMutation } from '../queries';
import { HeartIcon } from './icons';

interface LikeButtonProps {
  concertId: number;
  liked: boolean;
  likeCount: number;
  signedIn: boolean;
}

const SIGN_IN = 'Inicia sesión para dar like';

/** Optimistic like toggle; a click while the previous one is in flight is ignored. */
export function LikeButton({ concertId, liked, likeCount, signedIn }: LikeButtonProps) {
  const countId = useId();
  const mutation = useLikeMutation(concertId);

  function toggle() {
    if (!signedIn || mutation.isPending) return;
    mutation.mutate(!liked);
  }

  return (
    <button
      type="button"
      className={`pill like-button${liked ? ' like-button--on' : ''}`}
      aria-pressed={liked}
      aria-label={signedIn ? 'Me gusta' : SIGN_IN}
      title={signedIn ? undefined : SIGN_IN}
      disabled={!signedIn}
      aria-describedby={countId}
      aria-busy={mutation.isPending}
      onClick={toggle}
    >
      <HeartIcon filled={liked} />
      <span id={countId} className="like-button__count">
        {likeCount}
        <span className="visually-hidden"> me gusta en total</span>
      </span>
    </button>
  );
}
