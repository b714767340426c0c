// What a concert form asks about a venue typed that is not on the list: its town (needed to add it),
// and its address and website if the admin has them (sent with the concert as `newVenue`).
import { TextField } from '../../../components/TextField';
import type { NewVenueValues } from '../venues';

interface NewVenueFieldsProps {
  /** The form's id: inputs are `${formId}-venueTown` and so on, so a bad one can be focused. */
  formId: string;
  values: NewVenueValues;
  invalid: string | null;
  onChange: (key: keyof NewVenueValues, value: string) => void;
}

export function NewVenueFields({ formId, values, invalid, onChange }: NewVenueFieldsProps) {
  const props = (key: keyof NewVenueValues) => ({
    id: `${formId}-${key}`,
    invalid: invalid === key,
    value: values[key],
    onValueChange: (value: string) => onChange(key, value),
  });
  return (
    <>
      <TextField {...props('venueTown')} label="Municipio de la sala nueva" required />
      <TextField {...props('venueAddress')} label="Dirección de la sala nueva (opcional)" />
      <TextField
        {...props('venueWebsite')}
        label="Web de la sala nueva (opcional)"
        type="url"
        placeholder="https://..."
      />
    </>
  );
}
