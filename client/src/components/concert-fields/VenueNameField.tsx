// The venue of a concert: a text input suggesting the listed venues (a datalist with each one's
// town), so a name off the list stays possible (a new venue). Hints and the like come as children.
import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../TextField';

interface VenueOption {
  id: number;
  name: string;
  town: string | null;
}

interface VenueNameFieldProps extends Omit<TextFieldProps, 'list' | 'autoComplete'> {
  /** The datalist's id. */
  listId: string;
  venues: readonly VenueOption[] | undefined;
  children?: ReactNode;
}

export function VenueNameField({ listId, venues, children, ...input }: VenueNameFieldProps) {
  return (
    <TextField {...input} list={listId} autoComplete="off">
      <datalist id={listId}>
        {venues?.map((venue) => (
          <option key={venue.id} value={venue.name}>
            {venue.town ?? ''}
          </option>
        ))}
      </datalist>
      {children}
    </TextField>
  );
}
