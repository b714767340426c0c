// The state of a concert form: its text fields (useDraft, with the form's check) and the venue the
// typed name stands for, which the check and the fields both need.
import type { Checked } from '@/lib/parseDraft';
import { useDraft } from '@/lib/useDraft';
import { venueChoice, type VenueChoice, type VenueOption } from './venueChoice';

/** What every concert form holds as text; `venue` is the venue's name as typed. */
export interface ConcertText {
  day: string;
  hour: string;
  genre: string;
  price: string;
  /** Where tickets are sold (optional). */
  ticketUrl: string;
  venue: string;
  venueTown: string;
  description: string;
}

export function useConcertDraft<
  Fields extends ConcertText & { [Key in keyof Fields]: string },
  Data,
  Venue extends VenueOption,
>(
  formId: string,
  initial: Fields | (() => Fields),
  venues: readonly Venue[] | undefined,
  check: (fields: Fields, venue: VenueChoice<Venue>) => Checked<Data, keyof Fields & string>,
) {
  const draft = useDraft(formId, initial, (fields) =>
    check(fields, venueChoice(venues, fields.venue)),
  );
  return { ...draft, venue: venueChoice(venues, draft.fields.venue) };
}
