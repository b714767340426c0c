import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_LIKED_GENRES } from '@common/rules';
import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { useProfile } from '@/features/profile/queries';
import { useOnboardingDraft } from './draft';
import { GenreChips } from './GenreChips';
import { OnboardingShell } from './OnboardingShell';

const TOO_MANY = 'Máximo 5 géneros. 🙏 Desmarca uno para seleccionar otro.';
const NONE_SELECTED = 'Debes seleccionar al menos un género.';

/** Step 1 of 2: the genres the person likes (kept in the draft until step 2 saves). */
function LikedGenresStep() {
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const { draft, ready, setDraft } = useOnboardingDraft(profile);
  const [message, setMessage] = useState('');

  if (!ready) return <Loading />;

  function toggle(genre: string, checked: boolean) {
    if (!checked) {
      setMessage('');
      setDraft({ ...draft, liked: draft.liked.filter((item) => item !== genre) });
      return;
    }
    if (draft.liked.length >= MAX_LIKED_GENRES) {
      setMessage(TOO_MANY);
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
      setMessage(NONE_SELECTED);
      return;
    }
    void navigate('/disliked-music-genres');
  }

  return (
    <form className="page page--compact" onSubmit={handleSubmit} noValidate>
      <h1>¿Qué música te gusta?</h1>
      <p className="onboarding-step">
        Paso 1 de 2. Elige de 1 a 5 géneros ({draft.liked.length} de 5 seleccionados).
      </p>
      <GenreChips legend="Tus géneros favoritos" selected={draft.liked} onToggle={toggle} />
      {message && <FormStatus kind="error">{message}</FormStatus>}
      <div className="onboarding-actions">
        <span />
        <button type="submit" className="button button--primary">
          Siguiente
        </button>
      </div>
    </form>
  );
}

export function LikedGenresPage() {
  return <OnboardingShell title="Tus géneros favoritos" step={LikedGenresStep} />;
}
