// Edits every field of a band in place (name, Spotify, genres, image); only what changed is sent,
// so the server re-scores its concerts only when the name or the genres really moved.
import { useId, useState } from 'react';
import type { AdminBandDto, BandCreateInput, BandUpdateInput } from '@common/admin/types';
import { mapChecked } from '@/lib/parseDraft';
import { useDraft } from '@/lib/useDraft';
import { updateBand } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useSaveChanges } from '../shared/useAdminMutation';
import { checkBand } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { BandNameField, SpotifyField } from './BandFields';
import { GenreChecks } from './GenreChecks';
import { ImageField } from './ImageField';

/** The checked band's fields that differ from the band as loaded. */
function changesOf(band: AdminBandDto, checked: BandCreateInput): BandUpdateInput {
  const changes: BandUpdateInput = {};
  if (checked.name !== band.name) changes.name = checked.name;
  if (checked.spotifyUrl !== band.spotifyUrl) changes.spotifyUrl = checked.spotifyUrl;
  if (checked.imageUrl !== band.imageUrl) changes.imageUrl = checked.imageUrl;
  if (checked.genres.join() !== band.genres.join()) changes.genres = checked.genres;
  return changes;
}

export function BandEditor({ band }: { band: AdminBandDto }) {
  const t = useAdminText();
  const id = useId();
  const [genres, setGenres] = useState(band.genres);
  const draft = useDraft(
    id,
    () => ({ name: band.name, spotifyUrl: band.spotifyUrl ?? '', imageUrl: band.imageUrl ?? '' }),
    (fields) => mapChecked(checkBand(fields, genres), (checked) => changesOf(band, checked)),
  );
  const save = useSaveChanges(
    (changes: BandUpdateInput) => updateBand(band.id, changes),
    t('admin.band.saved'),
  );

  return (
    <AdminForm
      draft={draft}
      mutation={save}
      idle="admin.band.save"
      busy="admin.saving"
      className="admin-form admin-editor"
      label={t('admin.band.editLabel', { name: band.name })}
    >
      <div className="field-grid">
        <BandNameField {...draft.bind('name')} />
        <SpotifyField {...draft.bind('spotifyUrl')} />
      </div>
      <GenreChecks value={genres} onChange={setGenres} />
      <ImageField {...draft.bind('imageUrl')} />
    </AdminForm>
  );
}
