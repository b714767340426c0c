// The managed venue list: add, rename or move, delete when no concert uses it.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminManagedVenueDto } from '../../../../../common/admin-rules';
import { StatusRegion } from '../../../components/FormStatus';
import { TextField } from '../../../components/TextField';
import { adminKeys } from '../keys';
import {
  createVenue,
  deleteVenue,
  listManagedVenues,
  updateVenue,
  type VenueDraft,
} from '../manage-api';
import { useDebounced } from '../useDebounced';
import { useManageAction } from '../useManageAction';
import { ListState } from './ListState';

const EMPTY: VenueDraft = { name: '', town: '', address: '', website: '' };

function VenueRow({ venue }: { venue: AdminManagedVenueDto }) {
  const id = useId();
  const [name, setName] = useState(venue.name);
  const [town, setTown] = useState(venue.town);
  const save = useManageAction(
    (draft: Partial<VenueDraft>) => updateVenue(venue.id, draft),
    'Sala guardada.',
    'Error al guardar: ',
  );
  const remove = useManageAction(deleteVenue, 'Sala borrada.', 'Error al borrar: ');
  return (
    <li className="admin-row" aria-label={venue.name}>
      <p className="admin-row__title">
        {venue.name} · {venue.town}{' '}
        <span className="admin-hint">· {venue.concertCount} conciertos</span>
      </p>
      <div className="admin-grid">
        <TextField
          id={`${id}-name`}
          label="Nombre de la sala"
          value={name}
          onValueChange={setName}
        />
        <TextField id={`${id}-town`} label="Municipio" value={town} onValueChange={setTown} />
      </div>
      <div className="admin-row__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={save.pending}
          onClick={() => save.run({ name: name.trim(), town: town.trim() })}
        >
          Guardar sala
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={remove.pending || venue.concertCount > 0}
          onClick={() => remove.run(venue.id)}
        >
          Borrar
        </button>
      </div>
      <StatusRegion message={save.message ?? remove.message} />
    </li>
  );
}

export function VenuesManager() {
  const id = useId();
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState(EMPTY);
  const query = useDebounced(q, 250);
  const list = useQuery({
    queryKey: adminKeys.venueList(query),
    queryFn: ({ signal }) => listManagedVenues(query, signal),
  });
  const create = useManageAction(createVenue, 'Sala añadida.', 'Error al añadir la sala: ', () =>
    setDraft(EMPTY),
  );
  const set = (key: keyof VenueDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.run(draft);
  }
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Salas</h2>
      <form noValidate onSubmit={submit} className="admin-form" aria-label="Añadir sala">
        <div className="admin-grid">
          <TextField
            id={`${id}-name`}
            label="Nombre de la sala nueva"
            value={draft.name}
            onValueChange={set('name')}
          />
          <TextField
            id={`${id}-town`}
            label="Municipio"
            value={draft.town}
            onValueChange={set('town')}
          />
          <TextField
            id={`${id}-address`}
            label="Dirección (opcional)"
            value={draft.address}
            onValueChange={set('address')}
          />
          <TextField
            id={`${id}-website`}
            label="Web (opcional)"
            value={draft.website}
            onValueChange={set('website')}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={create.pending}>
          Añadir sala
        </button>
        <StatusRegion message={create.message} />
      </form>
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
