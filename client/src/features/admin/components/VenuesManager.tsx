// The managed venue list: add one with every field, edit any field (a rename reaches its concerts),
// delete when no concert uses it.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminManagedVenueDto } from '../../../../../common/admin-rules';
import { StatusRegion } from '../../../components/FormStatus';
import { TextField } from '../../../components/TextField';
import { adminKeys } from '../keys';
import { createVenue, deleteVenue, listManagedVenues } from '../manage-api';
import { useAdminSubmit } from '../useAdminSubmit';
import { useDebounced } from '../useDebounced';
import { useManageAction } from '../useManageAction';
import { venueProblem, type VenueFields as Fields } from '../validation';
import { ListState } from './ListState';
import { VenueEditor } from './VenueEditor';
import { VenueFields } from './VenueFields';
import { EditToggle, RowButton } from './RowActions';
import { SubmitRow } from './SubmitRow';
import { useDraft } from '../../../lib/useDraft';

const EMPTY: Fields = { name: '', town: '', address: '', website: '', lat: '', lon: '' };

/** Where the venue is, as one line of its row ('Palma · Carrer Major 1 · web'). */
function whereLine(venue: AdminManagedVenueDto): string {
  const parts = [venue.town];
  if (venue.address) parts.push(venue.address);
  if (venue.website) parts.push(venue.website);
  if (venue.lat !== null && venue.lon !== null) parts.push(`${venue.lat}, ${venue.lon}`);
  return parts.join(' · ');
}

function VenueRow({ venue }: { venue: AdminManagedVenueDto }) {
  const [editing, setEditing] = useState(false);
  const remove = useManageAction(deleteVenue, 'Sala borrada.', 'Error al borrar: ');
  return (
    <li className="admin-row" aria-label={venue.name}>
      <p className="admin-row__title">
        {venue.name} <span className="admin-hint">· {venue.concertCount} conciertos</span>
      </p>
      <p className="admin-hint">{whereLine(venue)}</p>
      <div className="admin-row__actions">
        <EditToggle editing={editing} onToggle={() => setEditing((open) => !open)} />
        <RowButton
          disabled={remove.pending || venue.concertCount > 0}
          onClick={() => remove.run(venue.id)}
        >
          Borrar
        </RowButton>
      </div>
      <StatusRegion message={remove.message} />
      {editing && <VenueEditor venue={venue} />}
    </li>
  );
}

function AddVenueForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const { fields, setFields, set } = useDraft(id, EMPTY);
  const { invalid, message, sending, handleSubmit } = useAdminSubmit({
    formId: id,
    failure: 'Error al añadir la sala: ',
    problemOf: () => venueProblem(fields),
    send: async () => {
      await createVenue(fields);
      return { message: 'Sala añadida.' };
    },
    onSuccess: () => {
      setFields(EMPTY);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="admin-form"
      aria-label="Añadir sala"
    >
      <VenueFields
        formId={id}
        nameLabel="Nombre de la sala nueva"
        fields={fields}
        invalid={invalid}
        onChange={(key, value) => set(key)(value)}
      />
      <SubmitRow sending={sending} idle="Añadir sala" busy="Añadiendo..." message={message} />
    </form>
  );
}

export function VenuesManager() {
  const id = useId();
  const [q, setQ] = useState('');
  const query = useDebounced(q, 250);
  const list = useQuery({
    queryKey: adminKeys.venueList(query),
    queryFn: ({ signal }) => listManagedVenues(query, signal),
    // The rows stay mounted while a search loads, so an open edit form keeps what was typed.
    placeholderData: keepPreviousData,
  });
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Salas</h2>
      <AddVenueForm />
      <TextField id={`${id}-q`} label="Buscar salas" type="search" value={q} onValueChange={setQ} />
      <ListState
        query={list}
        isEmpty={list.data?.venues.length === 0}
        empty="Ninguna sala coincide con la búsqueda."
      />
      <ul className="admin-rows" aria-label="Lista de salas">
        {list.data?.venues.map((venue) => (
          <VenueRow key={venue.id} venue={venue} />
        ))}
      </ul>
    </section>
  );
}
