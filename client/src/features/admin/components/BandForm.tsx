import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createBand } from '../api';
import { bandProblem } from '../validation';
import { useAdminSubmit } from '../useAdminSubmit';
import { StatusRegion } from '../../../components/FormStatus';
import { GenreChecks } from './GenreChecks';
import { ImageField } from './ImageField';
import { TextField } from '../../../components/TextField';
import { adminKeys } from '../keys';

const EMPTY = { name: '', spotifyUrl: '', imageUrl: '' };
const FAILURE = 'Error al crear banda: ';

export function BandForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(EMPTY);
  const [genres, setGenres] = useState<string[]>([]);

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

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
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Crear banda</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="admin-form">
        <TextField
          id={`${id}-name`}
          label="Nombre de la banda"
          type="text"
          required
          maxLength={200}
          invalid={invalid === 'name'}
          value={fields.name}
          onValueChange={set('name')}
        />
        <TextField
          id={`${id}-spotifyUrl`}
          label="URL de Spotify (opcional)"
          type="url"
          placeholder="https://open.spotify.com/artist/..."
          invalid={invalid === 'spotifyUrl'}
          value={fields.spotifyUrl}
          onValueChange={set('spotifyUrl')}
        />
        <GenreChecks value={genres} onChange={setGenres} />
        <ImageField
          url={fields.imageUrl}
          onUrlChange={set('imageUrl')}
          invalid={invalid === 'imageUrl'}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Creando...' : 'Crear banda'}
        </button>
        <StatusRegion message={message} />
      </form>
    </section>
  );
}
