// The fields every concert form asks (admin create and edit, a submission's review, /publica):
// the label and input type live here once; what differs between forms (required, a longer price
// label, the decimal keyboard) is passed explicitly by each form.
import { GENRES } from '../../../../common/genres';
import type { ControlProps } from '../FormField';
import { SelectField } from '../SelectField';
import { TextField, type TextFieldProps } from '../TextField';

type FieldProps = Omit<TextFieldProps, 'label' | 'type'>;

export function DayField(props: FieldProps) {
  return <TextField {...props} label="Día" type="date" />;
}

export function HourField(props: FieldProps) {
  return <TextField {...props} label="Hora" type="time" />;
}

/** Euros with cents; the label says "0 si es gratis" unless a form passes a shorter one. */
export function PriceField({
  label = 'Precio (€, 0 si es gratis)',
  ...props
}: FieldProps & { label?: string }) {
  return <TextField {...props} label={label} type="number" min="0" step="0.01" />;
}

interface GenreFieldProps extends Omit<ControlProps, 'label'> {
  required?: boolean;
  label?: string;
  /** The first, empty option ("Elige un género"); without it a genre is always chosen. */
  placeholder?: string;
}

export function GenreField({ label = 'Género', placeholder, ...select }: GenreFieldProps) {
  return (
    <SelectField {...select} label={label}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {GENRES.map((genre) => (
        <option key={genre} value={genre}>
          {genre}
        </option>
      ))}
    </SelectField>
  );
}
