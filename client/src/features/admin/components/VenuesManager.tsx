// The managed venue list: add one with every field, edit any field (a rename reaches its concerts),
// delete when no concert uses it.
import { useId, useState } from 'react';
import type { AdminManagedVenueDto } from '@common/admin-rules';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useDraft } from '@/lib/useDraft';
import { adminKeys } from '../keys';
import { createVenue, deleteVenue, listManagedVenues } from '../manage-api';
import { useAdminMutation } from '../useAdminMutation';
import { usePagedQuery } from '../usePagedQuery';
import { checkVenue, type VenueText } from '../validation';
import { AdminForm } from './AdminForm';
import { PagedList } from './PagedList';
import { DeleteButton, EditToggle, NamedRow, useDeleteMutation } from './RowActions';
import { VenueEditor } from './VenueEditor';
import { VenueFields } from './VenueFields';

const EMPTY: VenueText = { name: '', town: '', address: '', website: '', lat: '', lon: '' };

const LIST_TEXTS = {
  searchLabel: 'Buscar salas',
  label: 'Lista de salas',
  empty: 'Ninguna sala coincide con la búsqueda.',
};

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
  const remove = useDeleteMutation(deleteVenue, 'Sala borrada.');
  return (
    <NamedRow item={venue}>
      <p className="admin-hint">{whereLine(venue)}</p>
      <div className="admin-row__actions">
        <EditToggle editing={editing} onToggle={() => setEditing((open) => !open)} />
        <DeleteButton remove={remove} item={venue} />
      </div>
      <StatusRegion message={remove.message} />
      {editing && <VenueEditor venue={venue} />}
    </NamedRow>
  );
}

function AddVenueForm() {
  const id = useId();
  const draft = useDraft(id, EMPTY, checkVenue);
  const add = useAdminMutation({
    mutationFn: createVenue,
    failure: 'Error al añadir la sala: ',
    success: 'Sala añadida.',
    onSuccess: () => draft.setFields(EMPTY),
  });
  return (
    <AdminForm
      draft={draft}
      mutation={add}
      idle="Añadir sala"
      busy="Añadiendo..."
      label="Añadir sala"
    >
      <VenueFields nameLabel="Nombre de la sala nueva" bind={draft.bind} />
    </AdminForm>
  );
}

export function VenuesManager() {
  const venues = usePagedQuery({
    start: { q: '' },
    queryKey: ({ q }) => adminKeys.venueList(q),
    queryFn: async ({ q }, _page, signal) => ({
      items: (await listManagedVenues(q, signal)).venues,
    }),
  });
  return (
    <TitledSection className="admin-card" title="Salas">
      <AddVenueForm />
      <PagedList paged={venues} {...LIST_TEXTS}>
        {(venue) => <VenueRow key={venue.id} venue={venue} />}
      </PagedList>
    </TitledSection>
  );
}
