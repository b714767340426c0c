import { useId } from 'react';
import { TextField } from '@/components/TextField';
import { TitledSection } from '@/components/TitledSection';
import { useDraft } from '@/lib/useDraft';
import { createLink } from '../api';
import { useAdminMutation } from '../useAdminMutation';
import { checkLink } from '../validation';
import { AdminForm } from './AdminForm';
import { BandPicker, ConcertPicker } from './Pickers';

/** Both ids are whole numbers from 1, typed or picked by a search. */
const ID_INPUT = {
  type: 'number',
  min: '1',
  step: '1',
  inputMode: 'numeric',
  required: true,
} as const;

export function LinkForm() {
  const id = useId();
  const draft = useDraft(id, { concertId: '', bandId: '' }, checkLink);
  const link = useAdminMutation({
    mutationFn: createLink,
    failure: 'Error al crear vínculo: ',
    success: (answer) => answer.message,
  });
  const { fields, set, bind } = draft;

  return (
    <TitledSection className="admin-card" title="Vincular concierto y banda">
      <AdminForm draft={draft} mutation={link} idle="Vincular" busy="Vinculando...">
        <ConcertPicker
          selectedId={fields.concertId}
          onPick={(picked) => set('concertId')(String(picked))}
        />
        <BandPicker selectedId={fields.bandId} onPick={(picked) => set('bandId')(String(picked))} />
        <div className="field-grid">
          <TextField {...bind('concertId')} {...ID_INPUT} label="ID del concierto" />
          <TextField {...bind('bandId')} {...ID_INPUT} label="ID de la banda" />
        </div>
      </AdminForm>
    </TitledSection>
  );
}
