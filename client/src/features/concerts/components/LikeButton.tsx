import { useId } from 'react';
import { FormStatus } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { useLikeMutation } from '../shared/queries';
import { HeartIcon } from '@/components/icons';

interface LikeButtonProps {
  concertId: number;
  liked: boolean;
  likeCount: number;
  signedIn: boolean;
}

/** Optimistic like toggle; a click while the previous one is in flight is ignored. */
export function LikeButton({ concertId, liked, likeCount, signedIn }: LikeButtonProps) {
  const countId = useId();
  const mutation = useLikeMutation(concertId);
  const t = useText();
  const errorText = useErrorText();
  const signIn = t('concert.likeSignIn');

  function toggle() {
    if (!signedIn || mutation.isPending) return;
    mutation.mutate(!liked);
  }

  return (
    <>
      <button
        type="button"
        className={`pill like-button${liked ? ' like-button--on' : ''}`}
        aria-pressed={liked}
        aria-label={signedIn ? t('concert.like') : signIn}
        title={signedIn ? undefined : signIn}
        disabled={!signedIn}
        aria-describedby={countId}
        aria-busy={mutation.isPending}
        onClick={toggle}
      >
        <HeartIcon filled={liked} />
        <span id={countId} className="like-button__count">
          {likeCount}
          <span className="visually-hidden">{t('concert.likeTotal')}</span>
        </span>
      </button>
      {/* The server's reason, e.g. an address not yet confirmed: the toggle went back. */}
      {mutation.isError && (
        <FormStatus kind="error" className="going-button__error">
          {errorText(mutation.error, 'concert.likeFailed')}
        </FormStatus>
      )}
    </>
  );
}
