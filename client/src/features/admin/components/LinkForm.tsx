// Links a band to a concert, both picked by name from a search (the concert's own page does the same
// from the concert's side).
import { useId, useState } from 'react';
import { TitledSection } from '@/components/TitledSection';
import { useDraft } from '@/lib/useDraft';
import { createLink } from '../api';
import { useAdminMutation } from '../useAdminMutation';
import { checkLink } from '../validation';
import { AdminForm } from './AdminForm';
import { BandPicker, ConcertPicker } from './Pickers';

const NOTHING_PICKED = { concert: 'ninguno todavía', band: 'ninguna todavía' };

export function LinkForm() {
  const id = useId();
  const draft = useDraft(id, { concertId: '', bandId: '' }, checkLink);
  const [picked, setPicked] = useState({ concert: '', band: '' });
  const link = useAdminMutation({
    mutationFn: createLink,
    failure: 'Error al crear vínculo: ',
    success: (answer) => answer.message,
  });
  const { fields, set } = draft;

  return (
    <TitledSection className="admin-card" title="Vincular concierto y banda">
      <AdminForm draft={draft} mutation={link} idle="Vincular" busy="Vinculando...">
        <ConcertPicker
          selectedId={fields.concertId}
          onPick={(concertId, label) => {
            set('concertId')(String(concertId));
            setPicked((current) => ({ ...current, concert: label }));
          }}
        />
        <BandPicker
          selectedId={fields.bandId}
          onPick={(bandId, label) => {
            set('bandId')(String(bandId));
            setPicked((current) => ({ ...current, band: label }));
          }}
        />
        <p className="admin-hint" aria-live="polite">
          Concierto elegido: {picked.concert || NOTHING_PICKED.concert} · Banda elegida:{' '}
          {picked.band || NOTHING_PICKED.band}
        </p>
      </AdminForm>
    </TitledSection>
  );
}
