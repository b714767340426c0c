// Edits every field of a managed venue in place; only what changed is sent (a blank optional field
// clears it on the server).
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminManagedVenueDto } from '../../../../../common/admin-rules';
import { adminKeys } from '../keys';
import { updateVenue, type VenueDraft } from '../manage-api';
import { saveChanges, useAdminSubmit } from '../useAdminSubmit';
import { venueProblem, type VenueFields as Fields } from '../validation';
import { VenueFields } from './VenueFields';
import { SubmitRow } from './SubmitRow';
import { useDraft } from '../../../lib/useDraft';

const draftOf = (venue: AdminManagedVenueDto): Fields => ({
  name: venue.name,
  town: venue.town,
  address: venue.address ?? '',
  website: venue.website ?? '',
  lat: venue.lat === null ? '' : String(venue.lat),
  lon: venue.lon === null ? '' : String(venue.lon),
});

/** The trimmed fields that differ from the venue as loaded. */
function changesOf(venue: AdminManagedVenueDto, fields: Fields): Partial<VenueDraft> {
  const before = draftOf(venue);
  const changes: Partial<VenueDraft> = {};
  for (const key of Object.keys(fields) as (keyof Fields)[]) {
    const value = fields[key].trim();
    if (value !== before[key]) changes[key] = value;
  }
  return changes;
}

export function VenueEditor({ venue }: { venue: AdminManagedVenueDto }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { fields, set } = useDraft(id, () => draftOf(venue));
  const { invalid, message, sending, handleSubmit } = useAdminSubmit({
    formId: id,
    failure: 'Error al guardar: ',
    problemOf: () => venueProblem(fields),
    send: () =>
      saveChanges(
        changesOf(venue, fields),
        (changes) => updateVenue(venue.id, changes),
        'Sala guardada.',
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="admin-form admin-editor"
      aria-label={`Editar sala ${venue.name}`}
    >
      <VenueFields
        formId={id}
        nameLabel="Nombre de la sala"
        fields={fields}
        invalid={invalid}
        onChange={(key, value) => set(key)(value)}
      />
      <SubmitRow sending={sending} idle="Guardar sala" busy="Guardando..." message={message} />
    </form>
  );
}
