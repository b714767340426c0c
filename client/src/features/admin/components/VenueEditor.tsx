// Edits every field of a managed venue in place; only what changed is sent (a blank optional field
// clears it on the server).
import { useId } from 'react';
import type { AdminManagedVenueDto, VenueInput, VenueUpdateInput } from '@common/admin/types';
import { mapChecked } from '@/lib/parseDraft';
import { useDraft } from '@/lib/useDraft';
import { updateVenue } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useSaveChanges } from '../shared/useAdminMutation';
import { checkVenue, type VenueText } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { VenueFields } from './VenueFields';

const draftOf = (venue: AdminManagedVenueDto): VenueText => ({
  name: venue.name,
  town: venue.town,
  address: venue.address ?? '',
  website: venue.website ?? '',
  lat: venue.lat === null ? '' : String(venue.lat),
  lon: venue.lon === null ? '' : String(venue.lon),
});

/** The checked venue's fields that differ from the venue as loaded; a blank one is sent as null. */
function changesOf(venue: AdminManagedVenueDto, checked: VenueInput): VenueUpdateInput {
  const changes: VenueUpdateInput = {};
  if (checked.name !== venue.name) changes.name = checked.name;
  if (checked.town !== venue.town) changes.town = checked.town;
  if (checked.address !== venue.address) changes.address = checked.address;
  if (checked.website !== venue.website) changes.website = checked.website;
  if ((checked.lat ?? null) !== venue.lat) changes.lat = checked.lat ?? null;
  if ((checked.lon ?? null) !== venue.lon) changes.lon = checked.lon ?? null;
  return changes;
}

export function VenueEditor({ venue }: { venue: AdminManagedVenueDto }) {
  const t = useAdminText();
  const id = useId();
  const draft = useDraft(
    id,
    () => draftOf(venue),
    (fields) => mapChecked(checkVenue(fields), (checked) => changesOf(venue, checked)),
  );
  const save = useSaveChanges(
    (changes: VenueUpdateInput) => updateVenue(venue.id, changes),
    t('admin.venue.saved'),
  );
  return (
    <AdminForm
      draft={draft}
      mutation={save}
      idle="admin.venue.save"
      busy="admin.saving"
      className="admin-form admin-editor"
      label={t('admin.venue.editLabel', { name: venue.name })}
    >
      <VenueFields nameLabel={t('admin.venue.name')} bind={draft.bind} />
    </AdminForm>
  );
}
