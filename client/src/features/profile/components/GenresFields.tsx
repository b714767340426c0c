import { useState } from 'react';
import { MAX_LIKED_GENRES } from '@common/profile/limits';
import { FormStatus } from '@/components/FormStatus';
import { GenreCheckboxes } from '@/components/GenreCheckboxes';
import { useText } from '@/i18n/IntlContext';

interface GenresFieldsProps {
  liked: string[];
  disliked: string[];
  onChange: (next: { liked: string[]; disliked: string[] }) => void;
}

/** Liked genres (1 to 5) and disliked genres (any, but not a liked one), as real checkboxes. */
export function GenresFields({ liked, disliked, onChange }: GenresFieldsProps) {
  const [warning, setWarning] = useState('');
  const t = useText();

  function toggleLiked(genre: string, checked: boolean) {
    if (!checked) {
      setWarning('');
      onChange({ liked: liked.filter((item) => item !== genre), disliked });
      return;
    }
    if (liked.length >= MAX_LIKED_GENRES) {
      setWarning(t('onboarding.tooMany'));
      return;
    }
    setWarning('');
    onChange({
      liked: [...liked, genre],
      disliked: disliked.filter((item) => item !== genre),
    });
  }

  function toggleDisliked(genre: string, checked: boolean) {
    onChange({
      liked,
      disliked: checked ? [...disliked, genre] : disliked.filter((item) => item !== genre),
    });
  }

  return (
    <>
      <fieldset className="fieldset">
        <legend>{t('profile.likedGenresRange')}</legend>
        <GenreCheckboxes
          className="genre-grid"
          optionClassName="genre-option"
          checked={liked}
          onToggle={toggleLiked}
        />
        {warning && <FormStatus kind="error">{warning}</FormStatus>}
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('profile.dislikedGenres')}</legend>
        <GenreCheckboxes
          className="genre-grid"
          optionClassName="genre-option"
          checked={disliked}
          disabled={liked}
          onToggle={toggleDisliked}
        />
      </fieldset>
    </>
  );
}
