// The managed venue list: add one with every field, edit any field (a rename reaches its concerts),
// delete when no concert uses it.
import { useId, useState } from 'react';
import type { AdminManagedVenueDto } from '@common/admin/types';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { useDraft } from '@/lib/useDraft';
import { adminKeys, createVenue, deleteVenue, listManagedVenues } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useAdminMutation } from '../shared/useAdminMutation';
import { usePagedQuery } from '../shared/usePagedQuery';
import { checkVenue, type VenueText } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { PagedList, type ListTexts } from './PagedList';
import { DeleteButton, EditToggle, NamedRow, useDeleteMutation } from './RowActions';
import { VenueEditor } from './VenueEditor';
import { VenueFields } from './VenueFields';

const EMPTY: VenueText = { name: '', town: '', address: '', website: '', lat: '', lon: '' };

const LIST_TEXTS: ListTexts = {
  searchLabel: 'admin.venues.search',
  label: 'admin.venues.label',
  empty: 'admin.venues.empty',
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
  const t = useAdminText();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteMutation(deleteVenue, t('admin.venue.deleted'));
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
  const t = useAdminText();
  const id = useId();
  const draft = useDraft(id, EMPTY, checkVenue);
  const add = useAdminMutation({
    mutationFn: createVenue,
    failure: t('admin.venue.addFailed'),
    success: t('admin.venue.added'),
    onSuccess: () => draft.setFields(EMPTY),
  });
  return (
    <AdminForm
      draft={draft}
      mutation={add}
      idle="admin.venue.add"
      busy="admin.venue.adding"
      label={t('admin.venue.add')}
    >
      <VenueFields nameLabel={t('admin.venue.newName')} bind={draft.bind} />
    </AdminForm>
  );
}

export function VenuesManager() {
  const t = useAdminText();
  const venues = usePagedQuery({
    start: { q: '' },
    queryKey: ({ q }) => adminKeys.venueList(q),
    queryFn: async ({ q }, _page, signal) => ({
      items: (await listManagedVenues(q, signal)).venues,
    }),
  });
  return (
    <TitledSection className="admin-card" title={t('admin.section.venues')}>
      <AddVenueForm />
      <PagedList paged={venues} {...LIST_TEXTS}>
        {(venue) => <VenueRow key={venue.id} venue={venue} />}
      </PagedList>
    </TitledSection>
  );
}
