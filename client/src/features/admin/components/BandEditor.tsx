// Edits every field of a band in place (name, Spotify, genres, image); only what changed is sent,
// so the server re-scores its concerts only when the name or the genres really moved.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminBandDto } from '../../../../../common/admin-rules';
import { useDraft } from '../../../lib/useDraft';
import { adminKeys } from '../keys';
import { updateBand, type BandChanges } from '../manage-api';
import { saveChanges, useAdminSubmit } from '../useAdminSubmit';
import { bandProblem } from '../validation';
import { BandNameField, SpotifyField } from './BandFields';
import { GenreChecks } from './GenreChecks';
import { ImageField } from './ImageField';
import { SubmitRow } from './SubmitRow';

/** Only the fields that differ from the band as loaded. */
function changesOf(
  band: AdminBandDto,
  fields: { name: string; spotifyUrl: string; imageUrl: string },
  genres: string[],
): BandChanges {
  const changes: BandChanges = {};
  if (fields.name.trim() !== band.name) changes.name = fields.name.trim();
  if (fields.spotifyUrl.trim() !== (band.spotifyUrl ?? '')) {
    changes.spotifyUrl = fields.spotifyUrl.trim();
  }
  if (fields.imageUrl.trim() !== (band.imageUrl ?? '')) changes.imageUrl = fields.imageUrl.trim();
  if (genres.join() !== band.genres.join()) changes.genres = genres;
  return changes;
}

export function BandEditor({ band }: { band: AdminBandDto }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { fields, set, bind } = useDraft(id, () => ({
    name: band.name,
    spotifyUrl: band.spotifyUrl ?? '',
    imageUrl: band.imageUrl ?? '',
  }));
  const [genres, setGenres] = useState(band.genres);

  const { invalid, message, sending, handleSubmit } = useAdminSubmit({
    formId: id,
    failure: 'Error al guardar: ',
    problemOf: () => bandProblem(fields),
    send: () =>
      saveChanges(
        changesOf(band, fields, genres),
        (changes) => updateBand(band.id, changes),
        'Banda guardada.',
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="admin-form admin-editor"
      aria-label={`Editar banda ${band.name}`}
    >
      <div className="admin-grid">
        <BandNameField {...bind('name', invalid)} />
        <SpotifyField {...bind('spotifyUrl', invalid)} />
      </div>
      <GenreChecks value={genres} onChange={setGenres} />
      <ImageField
        url={fields.imageUrl}
        onUrlChange={set('imageUrl')}
        invalid={invalid === 'imageUrl'}
      />
      <SubmitRow sending={sending} idle="Guardar banda" busy="Guardando..." message={message} />
    </form>
  );
}
