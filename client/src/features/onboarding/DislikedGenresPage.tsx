import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Redirect } from '@/components/Redirect';
import type { SessionResponse } from '@common/auth/types';
import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { ApiError } from '@/lib/api';
import { sessionKeys } from '@/lib/session';
import { concertKeys } from '@/features/concerts/shared/keys';
import { profileKeys } from '@/features/profile/shared/keys';
import { useProfile } from '@/features/profile/shared/queries';
import { LearnedChoice } from '@/features/profile/components/LearnedChoice';
import { useText } from '@/i18n/IntlContext';
import { ArtistsWithSuggestions } from './ArtistSuggestions';
import { clearDraft, useOnboardingDraft } from './draft';
import { GenreChips } from './GenreChips';
import { OnboardingShell } from './OnboardingShell';
import { saveOnboarding } from './queries';

/** Step 2 of 2: genres to avoid and favourite artists; saving ends the onboarding. */
function DislikedGenresStep() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();
  const { draft, ready, hydrated, setDraft } = useOnboardingDraft(profile);
  const [error, setError] = useState('');
  const [learned, setLearned] = useState<'keep' | 'forget'>('keep');
  const t = useText();

  const save = useMutation({
    mutationFn: saveOnboarding,
    onSuccess: (saved) => {
      clearDraft();
      queryClient.setQueryData(profileKeys.detail(), saved);
      // Mark the cached session done first so /myconcerts' guard lets the person in at once.
      queryClient.setQueryData<SessionResponse>(sessionKeys.current(), (current) =>
        current?.user ? { user: { ...current.user, onboardingCompleted: true } } : current,
      );
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
      void queryClient.invalidateQueries({ queryKey: concertKeys.agenda() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.learned() });
      void navigate('/myconcerts', { replace: true });
    },
    onError: (failure) => {
      console.error('No se ha podido guardar el onboarding', failure);
      // A 429 (too many taste changes) tells how long to wait; the draft is kept.
      if (failure instanceof ApiError && failure.status === 429) setError(failure.message);
      else
        setError(
          t(
            failure instanceof ApiError && failure.status === 400
              ? 'onboarding.requestFailed'
              : 'onboarding.saveFailed',
          ),
        );
    },
  });

  if (!ready) return <Loading />;
  // Only once the kept draft can be read: the server cannot see the genres chosen in step 1.
  if (hydrated && draft.liked.length === 0) return <Redirect to="/liked-music-genres" />;

  function toggle(genre: string, checked: boolean) {
    setDraft({
      ...draft,
      disliked: checked
        ? [...draft.disliked, genre]
        : draft.disliked.filter((item) => item !== genre),
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setError('');
    save.mutate({
      topGenres: draft.liked,
      dislikedGenres: draft.disliked.filter((genre) => !draft.liked.includes(genre)),
      topArtists: draft.artists,
      learned,
    });
  }

  return (
    <form className="page page--compact" onSubmit={handleSubmit} noValidate>
      <h1>{t('onboarding.disliked.title')}</h1>
      <p className="onboarding-step">{t('onboarding.disliked.step')}</p>
      <GenreChips
        legend={t('onboarding.disliked.legend')}
        selected={draft.disliked}
        disabled={draft.liked}
        onToggle={toggle}
      />
      <ArtistsWithSuggestions
        artists={draft.artists}
        onChange={(artists) => setDraft({ ...draft, artists })}
      />
      {profile?.onboardingCompleted && <LearnedChoice value={learned} onChange={setLearned} />}
      {error && <FormStatus kind="error">{error}</FormStatus>}
      <div className="onboarding-actions">
        <Link to="/liked-music-genres" className="button button--secondary">
          {t('onboarding.back')}
        </Link>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t(save.isPending ? 'onboarding.saving' : 'onboarding.finish')}
        </button>
      </div>
    </form>
  );
}

export function DislikedGenresPage() {
  const t = useText();
  return <OnboardingShell title={t('onboarding.disliked.pageTitle')} step={DislikedGenresStep} />;
}
