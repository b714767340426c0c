// Every field of a managed venue, shared by the "Añadir sala" form and a venue's edit form.
import { TextField } from '../../../components/TextField';
import type { VenueFields as Fields } from '../validation';

interface VenueFieldsProps {
  /** The form's id: each input is `${formId}-${field}`, so a bad one can be focused. */
  formId: string;
  nameLabel: string;
  fields: Fields;
  invalid: keyof Fields | null;
  onChange: (key: keyof Fields, value: string) => void;
}

export function VenueFields({ formId, nameLabel, fields, invalid, onChange }: VenueFieldsProps) {
  const props = (key: keyof Fields) => ({
    id: `${formId}-${key}`,
    invalid: invalid === key,
    value: fields[key],
    onValueChange: (value: string) => onChange(key, value),
  });
  return (
    <div className="admin-grid">
      <TextField {...props('name')} label={nameLabel} required maxLength={200} />
      <TextField {...props('town')} label="Municipio" required maxLength={200} />
      <TextField {...props('address')} label="Dirección (opcional)" maxLength={200} />
      <TextField
        {...props('website')}
        label="Web (opcional)"
        type="url"
        placeholder="https://..."
        maxLength={2000}
      />
      <TextField
        {...props('lat')}
        label="Latitud (opcional, entre -90 y 90)"
        inputMode="decimal"
        placeholder="39.57"
      />
      <TextField
        {...props('lon')}
        label="Longitud (opcional, entre -180 y 180)"
        inputMode="decimal"
        placeholder="2.65"
      />
    </div>
  );
}
