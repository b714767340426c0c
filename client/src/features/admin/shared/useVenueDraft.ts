// A form whose venue is picked by name from the venue list (the concert forms' way), with fields
// of its own: its draft, and the venue its typed name stands for, which the check and the fields
// both need.
import type { AdminVenueDto } from '@common/admin/types';
import { venueChoice } from '@/components/concert-fields/venueChoice';
import type { Checked } from '@/lib/parseDraft';
import { useDraft } from '@/lib/useDraft';
import { useVenues } from './queries';

export function useVenueDraft<
  Fields extends { venue: string } & { [Key in keyof Fields]: string },
  Data,
>(
  formId: string,
  initial: Fields | (() => Fields),
  check: (fields: Fields, known: AdminVenueDto | undefined) => Checked<Data, keyof Fields & string>,
) {
  const venues = useVenues();
  const draft = useDraft(formId, initial, (fields) =>
    check(fields, venueChoice(venues, fields.venue).known),
  );
  return { ...draft, venue: venueChoice(venues, draft.fields.venue) };
}
