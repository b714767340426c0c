import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_LIKED_GENRES } from '@common/profile/limits';
import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { useProfile } from '@/features/profile/shared/queries';
import { useText } from '@/i18n/IntlContext';
import { useOnboardingDraft } from './draft';
import { GenreChips } from './GenreChips';
import { OnboardingShell } from './OnboardingShell';

/** Step 1 of 2: the genres the person likes (kept in the draft until step 2 saves). */
function LikedGenresStep() {
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const { draft, ready, setDraft } = useOnboardingDraft(profile);
  const [message, setMessage] = useState('');
  const t = useText();

  if (!ready) return <Loading />;

  function toggle(genre: string, checked: boolean) {
    if (!checked) {
      setMessage('');
      setDraft({ ...draft, liked: draft.liked.filter((item) => item !== genre) });
      return;
    }
    if (draft.liked.length >= MAX_LIKED_GENRES) {
      setMessage(t('onboarding.tooMany'));
      return;
    }
    setMessage('');
    setDraft({
      ...draft,
      liked: [...draft.liked, genre],
      disliked: draft.disliked.filter((item) => item !== genre),
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.liked.length === 0) {
      setMessage(t('onboarding.noneSelected'));
      return;
    }
    void navigate('/disliked-music-genres');
  }

  return (
    <form className="page page--compact" onSubmit={handleSubmit} noValidate>
      <h1>{t('onboarding.liked.title')}</h1>
      <p className="onboarding-step">{t('onboarding.liked.step', { count: draft.liked.length })}</p>
      <GenreChips legend={t('onboarding.liked.legend')} selected={draft.liked} onToggle={toggle} />
      {message && <FormStatus kind="error">{message}</FormStatus>}
      <div className="onboarding-actions">
        <span />
        <button type="submit" className="button button--primary">
          {t('onboarding.next')}
        </button>
      </div>
    </form>
  );
}

export function LikedGenresPage() {
  const t = useText();
  return <OnboardingShell title={t('onboarding.liked.legend')} step={LikedGenresStep} />;
}
