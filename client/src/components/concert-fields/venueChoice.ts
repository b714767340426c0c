// The venue typed in a concert form: one of the list, or a new one. Names are matched with case,
// accents and surrounding spaces aside, the server's rule when it saves (so "Sa Possessio" is
// "Sa Possessió" instead of a new venue asking for its town).
import { foldName } from '@common/text/fold';

export interface VenueOption {
  id: number;
  name: string;
  town: string | null;
  /** False for a name only found on concerts (the admin's list): suggested by no form. */
  known?: boolean;
}

export interface VenueChoice<Venue extends VenueOption> {
  /** The venues to suggest. */
  listed: Venue[] | undefined;
  /** The listed venue the name stands for. */
  known: Venue | undefined;
  /** A name off the list: the form asks the new venue's town. */
  isNew: boolean;
}

export function knownVenue<Venue extends VenueOption>(
  venues: readonly Venue[] | undefined,
  name: string,
): Venue | undefined {
  const wanted = foldName(name.trim());
  return venues?.find((venue) => venue.known !== false && foldName(venue.name) === wanted);
}

export function venueChoice<Venue extends VenueOption>(
  venues: readonly Venue[] | undefined,
  name: string,
): VenueChoice<Venue> {
  const known = knownVenue(venues, name);
  return {
    listed: venues?.filter((venue) => venue.known !== false),
    known,
    isNew: name.trim() !== '' && !known,
  };
}
