import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createLink } from '../api';
import { linkProblem } from '../validation';
import { useAdminSubmit } from '../useAdminSubmit';
import { BandPicker, ConcertPicker } from './Pickers';
import { TextField } from '../../../components/TextField';
import { adminKeys } from '../keys';
import { SubmitRow } from './SubmitRow';

const FAILURE = 'Error al crear vínculo: ';

export function LinkForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const [concertId, setConcertId] = useState('');
  const [bandId, setBandId] = useState('');

  const { invalid, message, sending, handleSubmit } = useAdminSubmit({
    formId: id,
    failure: FAILURE,
    problemOf: () => linkProblem({ concertId, bandId }),
    send: () => createLink({ concertId: Number(concertId), bandId: Number(bandId) }),
    // The concert search shows each concert's bands: refresh it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.concertSearches() }),
  });

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Vincular concierto y banda</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="admin-form">
        <ConcertPicker selectedId={concertId} onPick={(picked) => setConcertId(String(picked))} />
        <BandPicker selectedId={bandId} onPick={(picked) => setBandId(String(picked))} />
        <div className="admin-grid">
          <TextField
            id={`${id}-concertId`}
            label="ID del concierto"
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            required
            invalid={invalid === 'concertId'}
            value={concertId}
            onValueChange={setConcertId}
          />
          <TextField
            id={`${id}-bandId`}
            label="ID de la banda"
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            required
            invalid={invalid === 'bandId'}
            value={bandId}
            onValueChange={setBandId}
          />
        </div>
        <SubmitRow sending={sending} idle="Vincular" busy="Vinculando..." message={message} />
      </form>
    </section>
  );
}
