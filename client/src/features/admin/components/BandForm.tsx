import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { GENRES } from '../../../../../common/genres';
import { createBand } from '../api';
import { bandProblem } from '../validation';
import { useAdminSubmit } from '../useAdminSubmit';
import { FormStatus } from './FormStatus';
import { ImageField } from './ImageField';

const EMPTY = { name: '', spotifyUrl: '', imageUrl: '' };
const FAILURE = 'Error al crear banda: ';

export function BandForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(EMPTY);
  const [genres, setGenres] = useState<string[]>([]);

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  function toggleGenre(genre: string, checked: boolean) {
    setGenres((current) =>
      checked
        ? GENRES.filter((g) => g === genre || current.includes(g))
        : current.filter((g) => g !== genre),
    );
  }

  const { invalid, message, sending, handleSubmit } = useAdminSubmit({
    formId: id,
    failure: FAILURE,
    problemOf: () => bandProblem(fields),
    send: () =>
      createBand({
        name: fields.name.trim(),
        spotifyUrl: fields.spotifyUrl.trim(),
        imageUrl: fields.imageUrl.trim(),
        genres,
      }),
    onSuccess: () => {
      setFields(EMPTY);
      setGenres([]);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Crear banda</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="admin-form">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>Nombre de la banda</label>
          <input
            id={`${id}-name`}
            className="text-input"
            type="text"
            required
            maxLength={200}
            aria-invalid={invalid === 'name' || undefined}
            value={fields.name}
            onChange={(event) => set('name')(event.target.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-spotifyUrl`}>URL de Spotify (opcional)</label>
          <input
            id={`${id}-spotifyUrl`}
            className="text-input"
            type="url"
            placeholder="https://open.spotify.com/artist/..."
            aria-invalid={invalid === 'spotifyUrl' || undefined}
            value={fields.spotifyUrl}
            onChange={(event) => set('spotifyUrl')(event.target.value)}
          />
        </div>
        <fieldset className="admin-fieldset">
          <legend>Géneros (opcional)</legend>
          <div className="admin-genres">
            {GENRES.map((genre) => (
              <label key={genre} className="admin-check">
                <input
                  type="checkbox"
                  checked={genres.includes(genre)}
                  onChange={(event) => toggleGenre(genre, event.target.checked)}
                />
                {genre}
              </label>
            ))}
          </div>
        </fieldset>
        <ImageField
          url={fields.imageUrl}
          onUrlChange={set('imageUrl')}
          invalid={invalid === 'imageUrl'}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Creando...' : 'Crear banda'}
        </button>
        <FormStatus message={message} />
      </form>
    </section>
  );
}
