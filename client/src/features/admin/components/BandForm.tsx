import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDraft } from '../../../lib/useDraft';
import { createBand } from '../api';
import { bandProblem } from '../validation';
import { useAdminSubmit } from '../useAdminSubmit';
import { GenreChecks } from './GenreChecks';
import { ImageField } from './ImageField';
import { BandNameField, SpotifyField } from './BandFields';
import { adminKeys } from '../keys';
import { SubmitRow } from './SubmitRow';

const EMPTY = { name: '', spotifyUrl: '', imageUrl: '' };
const FAILURE = 'Error al crear banda: ';

export function BandForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const { fields, setFields, set, bind } = useDraft(id, EMPTY);
  const [genres, setGenres] = useState<string[]>([]);

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
        <BandNameField {...bind('name', invalid)} type="text" />
        <SpotifyField {...bind('spotifyUrl', invalid)} />
        <GenreChecks value={genres} onChange={setGenres} />
        <ImageField
          url={fields.imageUrl}
          onUrlChange={set('imageUrl')}
          invalid={invalid === 'imageUrl'}
        />
        <SubmitRow sending={sending} idle="Crear banda" busy="Creando..." message={message} />
      </form>
    </section>
  );
}
