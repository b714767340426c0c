import { useState } from 'react';
import { MAX_LIKED_GENRES } from '@common/rules';
import { FormStatus } from '@/components/FormStatus';
import { GenreCheckboxes } from '@/components/GenreCheckboxes';

const TOO_MANY = 'Máximo 5 géneros. 🙏 Desmarca uno para seleccionar otro.';

interface GenresFieldsProps {
  liked: string[];
  disliked: string[];
  onChange: (next: { liked: string[]; disliked: string[] }) => void;
}

/** Liked genres (1 to 5) and disliked genres (any, but not a liked one), as real checkboxes. */
export function GenresFields({ liked, disliked, onChange }: GenresFieldsProps) {
  const [warning, setWarning] = useState('');

  function toggleLiked(genre: string, checked: boolean) {
    if (!checked) {
      setWarning('');
      onChange({ liked: liked.filter((item) => item !== genre), disliked });
      return;
    }
    if (liked.length >= MAX_LIKED_GENRES) {
      setWarning(TOO_MANY);
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
        <legend>Géneros preferidos (de 1 a 5)</legend>
        <GenreCheckboxes
          className="genre-grid"
          optionClassName="genre-option"
          checked={liked}
          onToggle={toggleLiked}
        />
        {warning && <FormStatus kind="error">{warning}</FormStatus>}
      </fieldset>
      <fieldset className="fieldset">
        <legend>Géneros que no te gustan</legend>
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
