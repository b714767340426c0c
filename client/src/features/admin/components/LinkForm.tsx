import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createLink } from '../api';
import { linkProblem } from '../validation';
import { useAdminSubmit } from '../useAdminSubmit';
import { FormStatus } from './FormStatus';
import { BandPicker, ConcertPicker } from './Pickers';

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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'concert-search'] }),
  });

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Vincular concierto y banda</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="admin-form">
        <ConcertPicker selectedId={concertId} onPick={(picked) => setConcertId(String(picked))} />
        <BandPicker selectedId={bandId} onPick={(picked) => setBandId(String(picked))} />
        <div className="admin-grid">
          <div className="form-field">
            <label htmlFor={`${id}-concertId`}>ID del concierto</label>
            <input
              id={`${id}-concertId`}
              className="text-input"
              type="number"
              min="1"
              step="1"
              inputMode="numeric"
              required
              aria-invalid={invalid === 'concertId' || undefined}
              value={concertId}
              onChange={(event) => setConcertId(event.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-bandId`}>ID de la banda</label>
            <input
              id={`${id}-bandId`}
              className="text-input"
              type="number"
              min="1"
              step="1"
              inputMode="numeric"
              required
              aria-invalid={invalid === 'bandId' || undefined}
              value={bandId}
              onChange={(event) => setBandId(event.target.value)}
            />
          </div>
        </div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Vinculando...' : 'Vincular'}
        </button>
        <FormStatus message={message} />
      </form>
    </section>
  );
}
