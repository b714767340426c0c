import { useId, useState } from 'react';
import { TitledSection } from '@/components/TitledSection';
import { useDraft } from '@/lib/useDraft';
import { createBand } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useAdminMutation } from '../shared/useAdminMutation';
import { checkBand, type BandText } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { BandNameField, SpotifyField } from './BandFields';
import { GenreChecks } from './GenreChecks';
import { ImageField } from './ImageField';

const EMPTY: BandText = { name: '', spotifyUrl: '', imageUrl: '' };

export function BandForm() {
  const t = useAdminText();
  const id = useId();
  const [genres, setGenres] = useState<string[]>([]);
  const draft = useDraft(id, EMPTY, (fields) => checkBand(fields, genres));
  const create = useAdminMutation({
    mutationFn: createBand,
    failure: t('admin.band.createFailed'),
    success: (answer) => answer.message,
    onSuccess: () => {
      draft.setFields(EMPTY);
      setGenres([]);
    },
  });

  return (
    <TitledSection className="admin-card" title={t('admin.band.create')}>
      <AdminForm draft={draft} mutation={create} idle="admin.band.create" busy="admin.creating">
        <BandNameField {...draft.bind('name')} type="text" />
        <SpotifyField {...draft.bind('spotifyUrl')} />
        <GenreChecks value={genres} onChange={setGenres} />
        <ImageField {...draft.bind('imageUrl')} />
      </AdminForm>
    </TitledSection>
  );
}
