import { useId, useState } from 'react';
import { TitledSection } from '@/components/TitledSection';
import { useDraft } from '@/lib/useDraft';
import { createBand } from '../api';
import { useAdminMutation } from '../useAdminMutation';
import { checkBand, type BandText } from '../validation';
import { AdminForm } from './AdminForm';
import { BandNameField, SpotifyField } from './BandFields';
import { GenreChecks } from './GenreChecks';
import { ImageField } from './ImageField';

const EMPTY: BandText = { name: '', spotifyUrl: '', imageUrl: '' };

export function BandForm() {
  const id = useId();
  const [genres, setGenres] = useState<string[]>([]);
  const draft = useDraft(id, EMPTY, (fields) => checkBand(fields, genres));
  const create = useAdminMutation({
    mutationFn: createBand,
    failure: 'Error al crear banda: ',
    success: (answer) => answer.message,
    onSuccess: () => {
      draft.setFields(EMPTY);
      setGenres([]);
    },
  });

  return (
    <TitledSection className="admin-card" title="Crear banda">
      <AdminForm draft={draft} mutation={create} idle="Crear banda" busy="Creando...">
        <BandNameField {...draft.bind('name')} type="text" />
        <SpotifyField {...draft.bind('spotifyUrl')} />
        <GenreChecks value={genres} onChange={setGenres} />
        <ImageField {...draft.bind('imageUrl')} />
      </AdminForm>
    </TitledSection>
  );
}
